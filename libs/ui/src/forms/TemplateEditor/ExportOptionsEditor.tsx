import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  CloseButton,
} from '@mantine/core';
import {
  CSV_DELIMITER_LABELS,
  CSV_DELIMITERS,
  DEFAULT_EXPORT_TITLES,
  SAVE_TO_LOCAL,
  validateExportOption,
  validateJsonText,
  type Control,
  type ExportOption,
} from '@pando/domain';
import { useState } from 'react';
import { Dialog } from '../../common/Dialog';

export interface ExportOptionsEditorProps {
  /** Whether the dialog is open. */
  opened: boolean;
  /** The template's export options when the dialog opened. */
  options: readonly ExportOption[];
  /** The template's controls (the CSV fields to choose from). */
  controls: readonly Control[];
  /** Receives the edited options once every one is valid. */
  onDone: (options: ExportOption[]) => void;
  /** Closes without keeping the changes. */
  onCancel: () => void;
}

const NEW_OPTION: Record<ExportOption['type'], () => ExportOption> = {
  csv: () => ({
    title: DEFAULT_EXPORT_TITLES[1],
    type: 'csv',
    fields: [],
    delimiter: ',',
    array_separator: '/',
    save_to: SAVE_TO_LOCAL,
  }),
  json: () => ({
    title: DEFAULT_EXPORT_TITLES[0],
    type: 'json',
    object: '',
    save_to: SAVE_TO_LOCAL,
  }),
  email: () => ({ title: '', type: 'email', address: '' }),
};

function optionErrors(options: readonly ExportOption[]): (string | null)[] {
  return options.map((option, i) => {
    const others = options.filter((_, j) => j !== i);
    return (
      validateExportOption(option, others) ??
      (option.type === 'json' ? validateJsonText(option.object) : null)
    );
  });
}

/**
 * "Edit export options" (spec 02 §2, §3, §5): csv (fields, delimiter, array separator, save_to),
 * json (object, save_to) and email (address). Done keeps them only when each has a unique title
 * that is not empty nor a default "new … export" title, and each JSON object parses.
 */
export function ExportOptionsEditor({
  opened,
  options: initial,
  controls,
  onDone,
  onCancel,
}: ExportOptionsEditorProps) {
  const [options, setOptions] = useState<ExportOption[]>(() => [...initial]);
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const update = (index: number, patch: Partial<ExportOption>) => {
    setOptions((current) =>
      current.map((o, i) => (i === index ? ({ ...o, ...patch } as ExportOption) : o)),
    );
  };
  const fieldData = controls
    .filter((c) => c.type !== 'divider')
    .map((c) => ({ value: c.id, label: c.label || c.id }));
  return (
    <Dialog opened={opened} onClose={onCancel} title="Export options" size="lg">
      <Stack gap="sm">
        {options.length === 0 ? <Text size="sm">No export options yet.</Text> : null}
        {options.map((option, index) => {
          const error = errors[index];
          const saveTo =
            option.type === 'email' ? null : (
              <TextInput
                label="Save to"
                description="local downloads the file; a URL receives a POST"
                value={option.save_to}
                onChange={(e) => {
                  update(index, { save_to: e.currentTarget.value });
                }}
              />
            );
          return (
            <Paper
              key={index}
              withBorder
              p="sm"
              component="section"
              aria-label={`Export option ${String(index + 1)}`}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {option.type.toUpperCase()} export
                </Text>
                <CloseButton
                  aria-label={`Remove export option ${String(index + 1)}`}
                  onClick={() => {
                    setOptions((current) => current.filter((_, i) => i !== index));
                    setErrors([]);
                  }}
                />
              </Group>
              <Stack gap="xs">
                <TextInput
                  label="Title"
                  value={option.title}
                  error={error ?? undefined}
                  onChange={(e) => {
                    update(index, { title: e.currentTarget.value });
                  }}
                />
                {option.type === 'csv' ? (
                  <>
                    <MultiSelect
                      label="Fields (all when none chosen)"
                      data={fieldData}
                      value={option.fields}
                      onChange={(fields) => {
                        update(index, { fields });
                      }}
                      comboboxProps={{ withinPortal: true }}
                    />
                    <Group grow>
                      {/* One of the four the schema accepts (issue 36): no other can break the file. */}
                      <Select
                        label="Delimiter"
                        data={CSV_DELIMITERS.map((d) => ({
                          value: d,
                          label: CSV_DELIMITER_LABELS[d],
                        }))}
                        value={option.delimiter}
                        allowDeselect={false}
                        comboboxProps={{ withinPortal: true }}
                        onChange={(value) => {
                          const delimiter = CSV_DELIMITERS.find((d) => d === value);
                          if (delimiter) update(index, { delimiter });
                        }}
                      />
                      <TextInput
                        label="Array separator"
                        value={option.array_separator}
                        onChange={(e) => {
                          update(index, { array_separator: e.currentTarget.value });
                        }}
                      />
                    </Group>
                    {saveTo}
                  </>
                ) : option.type === 'json' ? (
                  <>
                    <Textarea
                      label="Object (JSON; {{control id}} is replaced by its value)"
                      autosize
                      minRows={3}
                      value={option.object}
                      onChange={(e) => {
                        update(index, { object: e.currentTarget.value });
                      }}
                    />
                    {saveTo}
                  </>
                ) : (
                  <TextInput
                    label="Address"
                    description="{{user.email}} sends it to whoever exports"
                    value={option.address}
                    onChange={(e) => {
                      update(index, { address: e.currentTarget.value });
                    }}
                  />
                )}
              </Stack>
            </Paper>
          );
        })}
        {errors.some(Boolean) ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            <Text size="sm">{errors.find(Boolean)}</Text>
          </Alert>
        ) : null}
        <Group gap="xs">
          {(['csv', 'json', 'email'] as const).map((type) => (
            <Button
              key={type}
              variant="light"
              size="xs"
              onClick={() => {
                setOptions((current) => [...current, NEW_OPTION[type]()]);
              }}
            >
              Add {type.toUpperCase()} export
            </Button>
          ))}
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              const found = optionErrors(options);
              setErrors(found);
              if (!found.some(Boolean)) onDone(options);
            }}
          >
            Done
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
