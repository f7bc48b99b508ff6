import { Button, Group } from '@mantine/core';
import { adviceActions, type AdviceAction, type AdviceState } from '@pando/domain';

export interface AdviceActionBarProps {
  /** From `adviceState` (spec 01 §4). */
  state: AdviceState;
  /** Whether the viewer asked for the advice. */
  isRequester: boolean;
  /** Runs an action; "Export to my email" calls `onExport` instead. */
  onAction: (action: AdviceAction) => void;
  /**
   * Mails the conversation to the signed-in user's own address. Spec 01 §4 says "export to my
   * email" and the call takes no address (spec 01 §7), so nothing is asked.
   */
  onExport: () => void;
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
  pending = null,
}: AdviceActionBarProps) {
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
          disabled={pending !== null && pending !== action.id}
          onClick={() => {
            if (action.id === 'exportToEmail') onExport();
            else onAction(action);
          }}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}
