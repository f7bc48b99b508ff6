import { Button, Checkbox, Group, Pill, Stack, Text, TextInput } from '@mantine/core';
import { displayName, mergeContacts, personDetail, type SearchUser } from '@pando/domain';
import { IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { Dialog } from '../../common/Dialog';
import { SearchFilters } from '../../search/SearchFilters';

export interface ContactPickerProps {
  /** Whether the picker is open. */
  opened: boolean;
  /** Closes the picker without saving. */
  onClose: () => void;
  /** Title, e.g. "Add members". @default 'Choose people' */
  title?: string;
  /** The query (the app debounces it 500 ms before searching, spec 01 §9). */
  query: string;
  /** Receives every change of the search box. */
  onQueryChange: (query: string) => void;
  /** Whether the search includes people outside the viewer's organisation. */
  outsideOrganisation: boolean;
  /** Receives the organisation switch's new value. */
  onOutsideOrganisationChange: (outside: boolean) => void;
  /** People found for the query. */
  results: readonly SearchUser[];
  /** People chosen before opening (current members); shown selected and on top. @default [] */
  initialSelected?: readonly SearchUser[];
  /** Receives the chosen people, de-duplicated by id. */
  onSave: (people: SearchUser[]) => void;
  /** Whether the search is running (a loader in the list). @default 'idle' */
  status?: 'idle' | 'loading';
  /** Save button text. @default 'Save' */
  saveLabel?: string;
}

const fullName = (u: SearchUser) => displayName(u);

/**
 * Spec 01 §2/§5 contact picker: search, "in my organisation"/"outside organisation", selected
 * people as removable chips, results merged with the selection and de-duplicated by id.
 */
export function ContactPicker({
  opened,
  onClose,
  title = 'Choose people',
  query,
  onQueryChange,
  outsideOrganisation,
  onOutsideOrganisationChange,
  results,
  initialSelected = [],
  onSave,
  status = 'idle',
  saveLabel = 'Save',
}: ContactPickerProps) {
  const selectedLabelId = useId();
  const [selected, setSelected] = useState<SearchUser[]>(() => mergeContacts(initialSelected, []));
  const rows = useMemo(() => mergeContacts(selected, results), [selected, results]);
  const isSelected = (id: number) => selected.some((s) => s.id === id);
  const toggle = (person: SearchUser) => {
    setSelected((current) =>
      current.some((s) => s.id === person.id)
        ? current.filter((s) => s.id !== person.id)
        : [...current, person],
    );
  };

  return (
    <Dialog opened={opened} onClose={onClose} title={title} size="lg">
      <Stack gap="md">
        <TextInput
          label="Search people"
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => {
            onQueryChange(event.currentTarget.value);
          }}
          data-autofocus
        />
        <SearchFilters
          wording="picker"
          withIncludes={false}
          includes={[]}
          onIncludesChange={() => undefined}
          outsideOrganisation={outsideOrganisation}
          onOutsideOrganisationChange={onOutsideOrganisationChange}
        />
        <div>
          <Text size="sm" fw={600} mb={4} id={selectedLabelId}>
            Selected ({selected.length})
          </Text>
          {selected.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nobody selected yet.
            </Text>
          ) : (
            <Pill.Group aria-labelledby={selectedLabelId}>
              {selected.map((person) => (
                <Pill
                  key={person.id}
                  withRemoveButton
                  // Mantine hides a Pill's remove button from keyboards and screen readers (it
                  // expects Backspace in a PillsInput); here it is the chip's only way out.
                  removeButtonProps={{
                    'aria-label': `Remove ${fullName(person)}`,
                    'aria-hidden': false,
                    tabIndex: 0,
                  }}
                  onRemove={() => {
                    toggle(person);
                  }}
                >
                  {fullName(person)}
                </Pill>
              ))}
            </Pill.Group>
          )}
        </div>
        <Stack gap={4} role="group" aria-label="People" mah={320} style={{ overflowY: 'auto' }}>
          {status === 'loading' ? (
            <Text size="sm" c="dimmed" role="status">
              Searching…
            </Text>
          ) : rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {query.trim() ? 'Nobody matches this search.' : 'Type a name to search.'}
            </Text>
          ) : (
            rows.map((person) => (
              <Checkbox
                key={person.id}
                checked={isSelected(person.id)}
                onChange={() => {
                  toggle(person);
                }}
                label={fullName(person)}
                description={personDetail(person) || undefined}
              />
            ))
          )}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              onSave(mergeContacts(selected, []));
            }}
          >
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
