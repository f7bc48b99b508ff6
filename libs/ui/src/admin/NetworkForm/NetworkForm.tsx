import { Alert, Button, Group, Select, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';

/** What the network form saves (the body of POST/PUT /admin/networks). */
export interface NetworkFormValues {
  name: string;
  status: 'ACTIVATED' | 'PENDING';
  default_organisation_id: number | null;
  user_invite_by_email: boolean;
}

export interface NetworkFormProps {
  /** Creating or editing. */
  mode: 'create' | 'edit';
  /** The current values when editing. */
  initial?: Partial<NetworkFormValues>;
  /** The network's organisations, for the default organisation (none when creating). */
  organisations?: readonly { value: string; label: string }[];
  /** Saves. */
  onSubmit: (values: NetworkFormValues) => void;
  /** Leaves the form. */
  onCancel: () => void;
  /** Saving. @default false */
  saving?: boolean;
  /** Why saving failed. */
  error?: string | null;
}

/** Create or edit a network (product admins, spec 02 §2): name, status, default organisation, invitations by email. */
export function NetworkForm({
  mode,
  initial,
  organisations = [],
  onSubmit,
  onCancel,
  saving = false,
  error = null,
}: NetworkFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [status, setStatus] = useState<'ACTIVATED' | 'PENDING'>(initial?.status ?? 'PENDING');
  const [defaultOrg, setDefaultOrg] = useState<string | null>(
    initial?.default_organisation_id != null ? String(initial.default_organisation_id) : null,
  );
  const [invites, setInvites] = useState(initial?.user_invite_by_email ?? false);
  const [nameError, setNameError] = useState<string | null>(null);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setNameError('Network name is required');
      return;
    }
    setNameError(null);
    onSubmit({
      name: name.trim(),
      status,
      default_organisation_id: defaultOrg === null ? null : Number(defaultOrg),
      user_invite_by_email: invites,
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={560}>
        <Title order={1} size="h2">
          {mode === 'create' ? 'Create network' : 'Edit network'}
        </Title>
        <TextInput
          label="Name"
          required
          value={name}
          error={nameError}
          onChange={(e) => {
            setName(e.currentTarget.value);
          }}
        />
        <Select
          label="Status"
          data={[
            { value: 'ACTIVATED', label: 'Activated' },
            { value: 'PENDING', label: 'Pending' },
          ]}
          value={status}
          allowDeselect={false}
          onChange={(v) => {
            setStatus(v === 'ACTIVATED' ? 'ACTIVATED' : 'PENDING');
          }}
        />
        {mode === 'edit' && (
          <Select
            label="Default organisation"
            data={organisations}
            value={defaultOrg}
            onChange={setDefaultOrg}
            clearable
          />
        )}
        <Switch
          label="Invitations by email"
          checked={invites}
          onChange={(e) => {
            setInvites(e.currentTarget.checked);
          }}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {mode === 'create' ? 'Create' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
