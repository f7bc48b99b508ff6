import { Button, Group, Pill, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchInfiniteQuery } from '@pando/data-access';

/** Spec 01 §5 "Contact picker: search debounced 500 ms". */
const PICKER_DEBOUNCE_MS = 500;

export interface PickedMember {
  id: number;
  name: string;
}

export interface MemberPickerProps {
  selected: PickedMember[];
  onChange: (members: PickedMember[]) => void;
  /** The viewer: always a member, never offered. */
  excludeId?: number;
}

/**
 * The contact picker (spec 01 §2, §5): search with the in-my-organisation / outside-organisation
 * filter, results merged with the selection and de-duplicated by id.
 */
export function MemberPicker({ selected, onChange, excludeId }: MemberPickerProps) {
  const [query, setQuery] = useState('');
  const [outside, setOutside] = useState(false);
  const [settled] = useDebouncedValue(query.trim(), PICKER_DEBOUNCE_MS);
  const search = useSearchInfiniteQuery(
    { query: settled, includes: ['user.other'], outsideOrganisation: outside },
    { enabled: settled.length > 0 },
  );
  const chosen = new Set(selected.map((m) => m.id));
  const people = (search.data?.pages.flatMap((p) => p.results) ?? []).flatMap((r) =>
    r.type === 'USER' && r.data.id !== excludeId && !chosen.has(r.data.id)
      ? [{ id: r.data.id, name: `${r.data.first_name} ${r.data.last_name}` }]
      : [],
  );
  return (
    <Stack gap="xs">
      <TextInput
        label="Add members"
        type="search"
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setQuery('');
        }}
      />
      <Radio.Group
        label="Search"
        value={outside ? 'outside' : 'inside'}
        onChange={(value) => {
          setOutside(value === 'outside');
        }}
      >
        <Group gap="md" mt={4}>
          <Radio value="inside" label="In my organisation" />
          <Radio value="outside" label="Outside organisation" />
        </Group>
      </Radio.Group>
      {people.length > 0 ? (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {people.map((person) => (
            <li key={person.id}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">{person.name}</Text>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Add ${person.name}`}
                  onClick={() => {
                    onChange([...selected.filter((m) => m.id !== person.id), person]);
                  }}
                >
                  Add
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      ) : null}
      {selected.length > 0 ? (
        <Group gap={6} aria-label="Chosen members" role="list">
          {selected.map((member) => (
            <Pill
              key={member.id}
              role="listitem"
              withRemoveButton
              removeButtonProps={{ 'aria-label': `Remove ${member.name}` }}
              onRemove={() => {
                onChange(selected.filter((m) => m.id !== member.id));
              }}
            >
              {member.name}
            </Pill>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
