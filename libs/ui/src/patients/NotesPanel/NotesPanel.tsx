import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { PatientSection } from '../PatientInfoPanel';

/** Notes are the patient's `overview` (spec 01 §3), up to 20,000 characters. */
const NOTES_MAX_LENGTH = 20_000;

export interface NotesPanelProps {
  /** The patient's notes (the patient's overview); empty shows a hint. */
  notes: string | null | undefined;
  /** False: faded, no edit button (spec 01 §6). */
  editable: boolean;
  /** Saves the edited notes; the panel goes back to view mode when it resolves. */
  onSave: (notes: string) => Promise<void> | void;
  /** Editing starts: the notes shown are the version the edit is made on. */
  onEdit?: () => void;
}

/** Notes (spec 01 §4): view or edit, toggled separately from the patient info. */
export function NotesPanel({ notes, editable, onSave, onEdit }: NotesPanelProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <PatientSection
      title="Notes"
      editable={editable}
      action={
        draft === null ? (
          <Button
            variant="subtle"
            size="compact-md"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => {
              onEdit?.();
              setDraft(notes ?? '');
            }}
          >
            Edit notes
          </Button>
        ) : null
      }
    >
      {draft !== null && editable ? (
        <Stack gap="sm">
          <NotesField value={draft} onChange={setDraft} />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setDraft(null);
              }}
            >
              Cancel
            </Button>
            <Button
              loading={saving}
              onClick={() => {
                setSaving(true);
                Promise.resolve(onSave(draft))
                  .then(() => {
                    setDraft(null);
                  })
                  .catch(() => undefined)
                  .finally(() => {
                    setSaving(false);
                  });
              }}
            >
              Save notes
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          c={notes ? undefined : 'dimmed'}
        >
          {notes || 'No notes.'}
        </Text>
      )}
    </PatientSection>
  );
}

/** The notes text area, also used on the create page. */
export function NotesField({
  value,
  onChange,
}: {
  value: string;
  onChange: (notes: string) => void;
}) {
  return (
    <Textarea
      label="Notes"
      autosize
      minRows={3}
      maxRows={12}
      maxLength={NOTES_MAX_LENGTH}
      value={value}
      onChange={(e) => {
        onChange(e.currentTarget.value);
      }}
    />
  );
}
