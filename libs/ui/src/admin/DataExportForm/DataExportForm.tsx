import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DATA_EXPORT_FLAGS, TEXTS } from '@pando/domain';
import { useState, type SyntheticEvent } from 'react';

type FlagKey = (typeof DATA_EXPORT_FLAGS)[number]['key'];

/** What the form sends: the requester and the eight flags (spec 02 §3). */
export interface DataExportValues {
  first_name: string;
  last_name: string;
  email: string;
  flags: Record<FlagKey, boolean>;
}

export interface DataExportFormProps {
  /** The requester, prefilled from the signed-in admin. */
  initial: { first_name: string; last_name: string; email: string };
  /** Sends the request. */
  onSend: (values: DataExportValues) => void;
  /** The request is being sent. @default false */
  sending?: boolean;
  /** The request was received: the thank-you text replaces the form. @default false */
  sent?: boolean;
  /** Why the request failed (the field it names, or the server's words). */
  error?: string | null;
}

const noFlags = (): Record<FlagKey, boolean> =>
  Object.fromEntries(DATA_EXPORT_FLAGS.map((f) => [f.key, false])) as Record<FlagKey, boolean>;

/**
 * /manage/export (spec 02 §2): eight checkboxes — users, teams, forums, pagers, images, files,
 * patients, messaging data — and Send; then "Thank you for your data request, our team will be
 * in contact shortly to verify your details".
 */
export function DataExportForm({
  initial,
  onSend,
  sending = false,
  sent = false,
  error = null,
}: DataExportFormProps) {
  const [values, setValues] = useState<DataExportValues>({ ...initial, flags: noFlags() });
  const anyFlag = Object.values(values.flags).some(Boolean);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (anyFlag) onSend(values);
  };
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        Data export request
      </Title>
      {sent ? (
        <Alert color="teal" role="status">
          {TEXTS.exportThankYou}
        </Alert>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="First name"
                required
                value={values.first_name}
                onChange={(e) => {
                  const first_name = e.currentTarget.value;
                  setValues((v) => ({ ...v, first_name }));
                }}
              />
              <TextInput
                label="Last name"
                required
                value={values.last_name}
                onChange={(e) => {
                  const last_name = e.currentTarget.value;
                  setValues((v) => ({ ...v, last_name }));
                }}
              />
            </SimpleGrid>
            <TextInput
              label="Email"
              type="email"
              required
              value={values.email}
              onChange={(e) => {
                const email = e.currentTarget.value;
                setValues((v) => ({ ...v, email }));
              }}
            />
            {/* The group owns the ticks (Mantine 9 takes each box's `checked` from the group's
                value): the chosen keys, each box by its `value`. */}
            <Checkbox.Group
              label="Data to export"
              description="Choose at least one"
              value={DATA_EXPORT_FLAGS.filter((f) => values.flags[f.key]).map((f) => f.key)}
              onChange={(chosen) => {
                setValues((v) => ({
                  ...v,
                  flags: Object.fromEntries(
                    DATA_EXPORT_FLAGS.map((f) => [f.key, chosen.includes(f.key)]),
                  ) as Record<FlagKey, boolean>,
                }));
              }}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
                {DATA_EXPORT_FLAGS.map((f) => (
                  <Checkbox key={f.key} value={f.key} label={f.label} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={sending} disabled={!anyFlag}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
