import { Box, Button, Loader, NavLink, Stack, Text, TextInput, Title } from '@mantine/core';
import { useThrottledValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSearchInfiniteQuery } from '@pando/data-access';
import {
  chosenIncludes,
  displayName,
  parseIncludes,
  personDetail,
  requestedIncludes,
  SEARCH_THROTTLE_MS,
  searchResultRoute,
  type SearchInclude,
  type SearchResult,
} from '@pando/domain';
import { SearchFilters } from '@pando/ui';
import { PatientCardSearchResults } from '../../patients/components/PatientCardSearchResults';

function resultLabel(result: SearchResult): { label: string; description: string } {
  // Two people of the same name read apart by role and hospital (the contact picker's rule).
  if (result.type === 'USER')
    return { label: displayName(result.data), description: personDetail(result.data) || 'Person' };
  const team = result.data;
  const description = team.public_data?.enabled
    ? 'Ask advice'
    : team.discoverable && team.auto_accept
      ? 'Forum'
      : 'Team';
  return { label: team.name, description };
}

/**
 * /search (spec 01 §2 "Search"): results on the left, filters on the right. The include choices
 * start from the `include` parameter; the outside-organisation filter defaults to no. On a phone
 * (below `LAYOUT.splitFrom`) the filters come right under the search box, above the results
 * (`.pando-search-layout` in the ui's layout.css); the DOM has that order too, so the keyboard
 * meets them there as well.
 */
export function SearchRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const [choices, setChoices] = useState<SearchInclude[]>(() =>
    chosenIncludes(parseIncludes(params.get('include'))),
  );
  const [outside, setOutside] = useState(false);
  // Spec 01 §9 "search throttle 1000 ms": the first keystroke searches at once, then at most one
  // query a second while typing goes on, and the last text is always searched.
  const throttledQuery = useThrottledValue(query.trim(), SEARCH_THROTTLE_MS);
  const search = useSearchInfiniteQuery(
    { query: throttledQuery, includes: requestedIncludes(choices), outsideOrganisation: outside },
    { enabled: choices.length > 0 },
  );
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <Box p="md" className="pando-search-layout">
      <Stack style={{ gridArea: 'head' }}>
        <Title order={1} size="h3">
          Search
        </Title>
        <TextInput
          label="Search people, teams, forums and advice"
          type="search"
          value={query}
          autoFocus
          onChange={(event) => {
            setQuery(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            // Spec 01 §5: Escape clears search.
            if (event.key === 'Escape') setQuery('');
          }}
        />
      </Stack>
      <Stack component="aside" aria-label="Filters" gap="xs" style={{ gridArea: 'aside' }}>
        <Title order={2} size="h5">
          Filters
        </Title>
        <SearchFilters
          includes={choices}
          onIncludesChange={setChoices}
          outsideOrganisation={outside}
          onOutsideOrganisationChange={setOutside}
        />
      </Stack>
      <Stack style={{ gridArea: 'body' }}>
        <section aria-label="Results" aria-busy={search.isFetching}>
          {search.isPending && choices.length > 0 ? (
            <Loader size="sm" role="status" aria-label="Searching" />
          ) : search.isError ? (
            <Text role="alert">The search failed. Please try again.</Text>
          ) : results.length === 0 ? (
            <Text c="dimmed">
              {choices.length === 0 ? 'Choose what to include.' : 'No results.'}
            </Text>
          ) : (
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {results.map((result) => {
                const href = searchResultRoute(result);
                const { label, description } = resultLabel(result);
                return (
                  <li key={`${result.type}-${result.data.id}`}>
                    <NavLink
                      href={href}
                      label={label}
                      description={description}
                      onClick={(event) => {
                        event.preventDefault();
                        void navigate(href);
                      }}
                    />
                  </li>
                );
              })}
            </ul>
          )}
          {search.hasNextPage ? (
            <Button
              variant="default"
              mt="sm"
              loading={search.isFetchingNextPage}
              onClick={() => void search.fetchNextPage()}
            >
              More results
            </Button>
          ) : null}
        </section>
        <PatientCardSearchResults query={throttledQuery} />
      </Stack>
    </Box>
  );
}
