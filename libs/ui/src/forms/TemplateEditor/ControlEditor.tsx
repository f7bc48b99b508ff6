import {
  ActionIcon,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { OPTION_CONTROL_LABELS, PATIENT_DATA_FIELDS, type Control } from '@pando/domain';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

export interface ControlEditorProps {
  /** The control being edited. */
  control: Control;
  /** Its 0-based position, shown 1-based. */
  index: number;
  /** Receives the changed control. */
  onChange: (control: Control) => void;
  /** Moves it one place up (ignored at the top). */
  onMoveUp: () => void;
  /** Moves it one place down (ignored at the bottom). */
  onMoveDown: () => void;
  /** Asks to delete it (the caller confirms). */
  onDelete: () => void;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/**
 * A list edited one item per line. The text is kept as typed: rebuilt from the list on every
 * key, the new empty line of Enter was dropped at once and no item could be added by typing.
 * A list changed from outside (another control moved into this place) replaces the text.
 */
function LineListInput({
  label,
  items,
  onChange,
}: {
  label: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
}) {
  const [text, setText] = useState(() => items.join('\n'));
  if (lines(text).join('\n') !== items.join('\n')) setText(items.join('\n'));
  return (
    <Textarea
      label={label}
      autosize
      minRows={2}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(lines(e.currentTarget.value));
      }}
    />
  );
}

/**
 * One control in the template editor (spec 02 §2): label, placeholder, required, options,
 * autocomplete list, patient_data mapping, group_index, delimiter and can_edit; up, down and
 * delete.
 */
export function ControlEditor({
  control,
  index,
  onChange,
  onMoveUp,
  onMoveDown,
  onDelete,
}: ControlEditorProps) {
  const name = control.label || `Control ${String(index + 1)}`;
  const set = (patch: Partial<Control>) => {
    onChange({ ...control, ...patch });
  };
  const hasOptions = control.type in OPTION_CONTROL_LABELS;
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      component="section"
      aria-label={`Control ${String(index + 1)}: ${name}`}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {index + 1}. {name}{' '}
          <Text span c="dimmed" size="xs">
            ({control.type})
          </Text>
        </Text>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Move up">
            <ActionIcon variant="subtle" aria-label={`Move ${name} up`} onClick={onMoveUp}>
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon variant="subtle" aria-label={`Move ${name} down`} onClick={onMoveDown}>
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete control">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${name}`}
              onClick={onDelete}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput
          label="Label"
          value={control.label}
          onChange={(e) => {
            set({ label: e.currentTarget.value });
          }}
        />
        {control.type !== 'divider' ? (
          <TextInput
            label="Placeholder"
            value={control.placeholder ?? ''}
            onChange={(e) => {
              set({ placeholder: e.currentTarget.value });
            }}
          />
        ) : null}
        {hasOptions ? (
          <LineListInput
            label="Options (one per line)"
            items={control.options ?? []}
            onChange={(options) => {
              set({ options });
            }}
          />
        ) : null}
        {control.type === 'text' ? (
          <LineListInput
            label="Autocomplete list (one per line)"
            items={control.autocomplete ?? []}
            onChange={(autocomplete) => {
              set({ autocomplete });
            }}
          />
        ) : null}
        {control.type !== 'divider' ? (
          <>
            <Select
              label="Patient data"
              data={[
                { value: '', label: 'None' },
                ...PATIENT_DATA_FIELDS.map((f) => ({ value: f, label: f })),
              ]}
              value={control.patient_data ?? ''}
              onChange={(value) => {
                set({ patient_data: value ? value : null });
              }}
              allowDeselect={false}
            />
            <NumberInput
              label="Group index"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={control.group_index ?? ''}
              onChange={(value) => {
                set({ group_index: typeof value === 'number' ? value : null });
              }}
            />
            <TextInput
              label="Delimiter"
              value={control.delimiter}
              onChange={(e) => {
                set({ delimiter: e.currentTarget.value });
              }}
            />
            <Group gap="lg" mt="lg">
              <Checkbox
                label="Required"
                checked={control.required}
                onChange={(e) => {
                  set({ required: e.currentTarget.checked });
                }}
              />
              <Checkbox
                label="Can edit"
                checked={control.can_edit}
                onChange={(e) => {
                  set({ can_edit: e.currentTarget.checked });
                }}
              />
            </Group>
          </>
        ) : null}
      </SimpleGrid>
    </Paper>
  );
}
