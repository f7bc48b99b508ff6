import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useSearchInfiniteQuery } from '@pando/data-access';
import type { SearchUser } from '@pando/domain';
import { ContactPicker } from '@pando/ui';

/** Spec 01 §9 "Search debounce (picker) 500 ms". */
const PICKER_DEBOUNCE_MS = 500;

export interface ContactPickerContainerProps {
  /** The dialog's title, e.g. "Add members". */
  title: string;
  /** The save button's text. */
  saveLabel: string;
  /** People never offered (current members, the viewer). */
  excludeIds: readonly number[];
  /** People already chosen: shown selected and on top. @default [] */
  initialSelected?: readonly SearchUser[];
  onClose: () => void;
  /** Receives the chosen people, de-duplicated by id. */
  onSave: (people: SearchUser[]) => void;
}

/**
 * The ui contact picker on the search API (spec 01 §2, §5): people only, the query debounced,
 * in or outside the organisation. Mount it while it is open; it starts from `initialSelected`.
 */
export function ContactPickerContainer({
  title,
  saveLabel,
  excludeIds,
  initialSelected = [],
  onClose,
  onSave,
}: ContactPickerContainerProps) {
  const [query, setQuery] = useState('');
  const [outside, setOutside] = useState(false);
  const [settled] = useDebouncedValue(query.trim(), PICKER_DEBOUNCE_MS);
  const search = useSearchInfiniteQuery(
    { query: settled, includes: ['user.other'], outsideOrganisation: outside },
    { enabled: settled.length > 0 },
  );
  const results = useMemo(
    () =>
      (search.data?.pages.flatMap((page) => page.results) ?? []).flatMap((hit) =>
        hit.type === 'USER' && !excludeIds.includes(hit.data.id) ? [hit.data] : [],
      ),
    [search.data, excludeIds],
  );
  return (
    <ContactPicker
      opened
      onClose={onClose}
      title={title}
      query={query}
      onQueryChange={setQuery}
      outsideOrganisation={outside}
      onOutsideOrganisationChange={setOutside}
      results={results}
      initialSelected={initialSelected}
      status={search.isFetching && results.length === 0 ? 'loading' : 'idle'}
      saveLabel={saveLabel}
      onSave={onSave}
    />
  );
}
