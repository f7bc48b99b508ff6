import { ActionIcon, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { validateTeamName } from '@pando/domain';
import { IconPencil } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';

export interface InlineRenameProps {
  /** The current name. */
  name: string;
  /** Saves a changed, valid name. */
  onRename: (name: string) => void;
  /** Whether renaming is offered (members only). @default true */
  editable?: boolean;
}

/**
 * A heading that turns into a field (spec 01 §5): Enter or Tab saves, Escape cancels. An
 * unchanged name is not saved; an invalid one shows the domain's message and keeps editing.
 */
export function InlineRename({ name, onRename, editable = true }: InlineRenameProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    const trimmed = draft.trim();
    const problem = validateTeamName(trimmed);
    if (problem) {
      setError(problem);
      return false;
    }
    if (trimmed !== name) onRename(trimmed);
    setEditing(false);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Tab') {
      // Tab saves and lets focus move on; an invalid name keeps focus here.
      if (!save()) event.preventDefault();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(name);
      setError(null);
      setEditing(false);
    }
  };

  if (editing) {
    return (
      <TextInput
        label="Team name"
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        error={error}
        description="Enter or Tab saves, Escape cancels"
        autoFocus
      />
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }} dir="auto">
        {name}
      </Title>
      {editable ? (
        <Tooltip label="Rename">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Rename team"
            onClick={() => {
              setDraft(name);
              setEditing(true);
            }}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
