import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Select,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { TEXTS, validateMembers } from '@pando/domain';
import { useState, type SyntheticEvent } from 'react';

/** What the form hands back on save. */
export interface TeamFormValues {
  name: string;
  description: string;
  /** The chosen members' ids (the caller diffs them against the current ones on edit). */
  members: number[];
  /** The organisation uuid chosen on creation by a network admin. */
  organisation: string | null;
  /** The network uuid chosen on creation by a product admin. */
  network: string | null;
}

export interface TeamFormProps {
  /** A team (name, members) or an advice channel (also a description). */
  kind: 'team' | 'adviceChannel';
  /** Creating or editing: the organisation and network dropdowns show only on creation. */
  mode: 'create' | 'edit';
  /** The current values when editing. */
  initial?: Partial<TeamFormValues>;
  /** People who can be members: value = user id as a string, label = their name. */
  people: readonly { value: string; label: string }[];
  /** Organisations for the dropdown (network admins on creation); leave out to hide it. */
  organisations?: readonly { value: string; label: string }[] | undefined;
  /** Networks for the dropdown (product admins on creation); leave out to hide it. */
  networks?: readonly { value: string; label: string }[] | undefined;
  /** Saves; the caller says '"{name}" has been created/updated' or shows the error. */
  onSubmit: (values: TeamFormValues) => void;
  /** Leaves the form. */
  onCancel: () => void;
  /** Saving. @default false */
  saving?: boolean;
  /** Why saving failed. */
  error?: string | null;
}

/**
 * Create or edit a team or an advice channel (spec 02 §2, §5): name, members (at least one: "You
 * need to add at least one member to create an advice channel"), a description for channels, and
 * on creation the organisation dropdown for network admins or the network dropdown for product
 * admins.
 */
export function TeamForm({
  kind,
  mode,
  initial,
  people,
  organisations,
  networks,
  onSubmit,
  onCancel,
  saving = false,
  error = null,
}: TeamFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [members, setMembers] = useState<string[]>((initial?.members ?? []).map(String));
  const [organisation, setOrganisation] = useState<string | null>(initial?.organisation ?? null);
  const [network, setNetwork] = useState<string | null>(initial?.network ?? null);
  const [errors, setErrors] = useState<{ name?: string; members?: string }>({});
  const noun = kind === 'team' ? 'team' : 'advice channel';

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const memberError = validateMembers(members);
    const nameError = name.trim() ? null : TEXTS.teamNameRequired;
    setErrors({
      ...(nameError ? { name: nameError } : {}),
      ...(memberError ? { members: memberError } : {}),
    });
    if (memberError || nameError) return;
    onSubmit({
      name: name.trim(),
      description: description.trim(),
      members: members.map(Number),
      organisation: mode === 'create' ? organisation : null,
      network: mode === 'create' ? network : null,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={640}>
        <Title order={1} size="h2">
          {mode === 'create' ? `Create ${noun}` : `Edit ${noun}`}
        </Title>
        {mode === 'create' && networks && (
          <Select
            label="Network"
            data={networks}
            value={network}
            onChange={setNetwork}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {mode === 'create' && organisations && (
          <Select
            label="Organisation"
            data={organisations}
            value={organisation}
            onChange={setOrganisation}
            searchable
          />
        )}
        <TextInput
          label="Name"
          required
          value={name}
          error={errors.name}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setName(next);
            // A message goes as soon as what it asks for is there (issue 35).
            if (next.trim()) setErrors(({ name: _name, ...rest }) => rest);
          }}
        />
        {kind === 'adviceChannel' && (
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
            }}
          />
        )}
        <MultiSelect
          label="Members"
          required
          data={people}
          value={members}
          onChange={(next) => {
            setMembers(next);
            if (!validateMembers(next)) setErrors(({ members: _members, ...rest }) => rest);
          }}
          searchable
          hidePickedOptions
          error={errors.members}
          nothingFoundMessage="Nobody found"
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
