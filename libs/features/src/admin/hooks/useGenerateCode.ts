import { ApiError, useAuthCodeMutation } from '@pando/data-access';
import {
  generateCodeSelection,
  generateCodeTransition,
  type GenerateCodeDialog,
} from '@pando/domain';
import { useState } from 'react';
import { useAppServices } from '../../common/AppServices';

/**
 * Generate code (spec 02 §4, §5) for users or invitations: exactly one row selected, else the
 * spec's notice; then the dialog's states through the domain's transition (a 409 is "start login
 * first", anything else "Unable to generate an auth code").
 */
export function useGenerateCode(target: 'user' | 'invite') {
  const { notifications } = useAppServices();
  const mutation = useAuthCodeMutation(target);
  const [state, setState] = useState<GenerateCodeDialog>({ state: 'closed' });
  const [forId, setForId] = useState<number | null>(null);
  return {
    state,
    forId,
    start: (selected: readonly number[]) => {
      const choice = generateCodeSelection(selected);
      if (!choice.ok) {
        notifications.notify({ kind: 'warning', message: choice.error });
        return;
      }
      setForId(choice.target);
      setState((s) => generateCodeTransition(s, { type: 'OPEN' }));
      mutation.mutate(choice.target, {
        onSuccess: (answer) => {
          setState((s) =>
            generateCodeTransition(s, {
              type: 'RECEIVED',
              authorization_code: answer,
            }),
          );
        },
        onError: (error) => {
          const statusCode = error instanceof ApiError ? error.status : 0;
          setState((s) => generateCodeTransition(s, { type: 'FAILED', statusCode }));
        },
      });
    },
    close: () => {
      setState((s) => generateCodeTransition(s, { type: 'CLOSE' }));
    },
  };
}
