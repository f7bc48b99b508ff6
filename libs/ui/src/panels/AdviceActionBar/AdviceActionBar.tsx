import { Button, Group } from '@mantine/core';
import { adviceActions, type AdviceAction, type AdviceState } from '@pando/domain';
import { useState } from 'react';
import { SendToEmailDialog } from '../../pickers/SendToEmailDialog';

export interface AdviceActionBarProps {
  /** From `adviceState` (spec 01 §4). */
  state: AdviceState;
  /** Whether the viewer asked for the advice. */
  isRequester: boolean;
  /** Runs an action; "Export to my email" calls `onExport` instead, after the address dialog. */
  onAction: (action: AdviceAction) => void;
  /** Exports the conversation to the given address. */
  onExport: (email: string) => void;
  /** The viewer's email, pre-filled in the export dialog. */
  ownEmail?: string;
  /** The id of the action in flight, for its spinner. */
  pending?: AdviceAction['id'] | null;
}

/**
 * Spec 01 §4 advice actions per state: mark as resolved; reject/accept; archive; and in every
 * state export to my email. The actions and their order come from the domain's `adviceActions`.
 */
export function AdviceActionBar({
  state,
  isRequester,
  onAction,
  onExport,
  ownEmail,
  pending = null,
}: AdviceActionBarProps) {
  const [exporting, setExporting] = useState(false);
  const actions = adviceActions(state, isRequester);
  return (
    <Group
      gap="xs"
      p="sm"
      justify="flex-end"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {actions.map((action) => (
        <Button
          key={action.id}
          size="sm"
          variant={
            action.id === 'exportToEmail'
              ? 'default'
              : action.id === 'reject'
                ? 'outline'
                : 'filled'
          }
          loading={pending === action.id}
          onClick={() => {
            if (action.id === 'exportToEmail') setExporting(true);
            else onAction(action);
          }}
        >
          {action.label}
        </Button>
      ))}
      <SendToEmailDialog
        opened={exporting}
        title="Export to my email"
        description="The whole conversation will be emailed to this address."
        onClose={() => {
          setExporting(false);
        }}
        onSend={(email) => {
          setExporting(false);
          onExport(email);
        }}
        {...(ownEmail !== undefined ? { defaultEmail: ownEmail } : {})}
      />
    </Group>
  );
}
