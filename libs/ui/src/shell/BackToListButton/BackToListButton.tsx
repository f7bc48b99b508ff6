import { ActionIcon } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { LAYOUT } from '../layout';

export interface BackToListButtonProps {
  /** Goes back to the list (the app navigates, e.g. to `/`). */
  onBack: () => void;
  /** The button's name. @default 'Back to conversations' */
  label?: string;
}

/**
 * The way back from a chosen item to its list on a phone, where the two are separate screens
 * (`SplitView`). Shown below `LAYOUT.splitFrom` only: from there the list is beside the item.
 */
export function BackToListButton({
  onBack,
  label = 'Back to conversations',
}: BackToListButtonProps) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      onClick={onBack}
      hiddenFrom={LAYOUT.splitFrom}
    >
      <IconArrowLeft size={20} aria-hidden />
    </ActionIcon>
  );
}
