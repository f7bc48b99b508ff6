import { Grid, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { searchResultRoute, type SearchInclude, type SearchResult } from '@pando/domain';
import { IconSearch } from '@tabler/icons-react';
import { SearchFilters } from '../SearchFilters';
import { SearchResultRow } from '../SearchResultRow';

export interface SearchResultsProps {
  /** The search box's text. */
  query: string;
  /** Receives every change of the search box (the app debounces it). */
  onQueryChange: (query: string) => void;
  /** Chosen includes (people, teams, forums, advice); empty means everything. */
  includes: readonly SearchInclude[];
  /** Receives the new includes when a choice changes. */
  onIncludesChange: (includes: SearchInclude[]) => void;
  /** Whether the search includes people outside the viewer's organisation. */
  outsideOrganisation: boolean;
  /** Receives the organisation switch's new value. */
  onOutsideOrganisationChange: (outside: boolean) => void;
  /** The hits of the current page, in the server's order. */
  results: readonly SearchResult[];
  /** Total hits (meta.total). */
  total?: number;
  /** Receives `searchResultRoute(result)` on a plain click. */
  onOpen: (route: string) => void;
  /** The search's state: a loader while loading, an error notice on failure. @default 'idle' */
  status?: 'idle' | 'loading' | 'error';
}

/** Spec 01 §2 /search: results on the left, filters on the right. */
export function SearchResults({
  query,
  onQueryChange,
  includes,
  onIncludesChange,
  outsideOrganisation,
  onOutsideOrganisationChange,
  results,
  total,
  onOpen,
  status = 'idle',
}: SearchResultsProps) {
  return (
    <Grid p="md" gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="sm">
          <TextInput
            label="Search people, teams and forums"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(event) => {
              onQueryChange(event.currentTarget.value);
            }}
            type="search"
            data-autofocus
          />
          <div role="status" aria-live="polite">
            {status === 'loading' ? (
              <Group gap="xs">
                <Loader size="sm" aria-hidden />
                <Text size="sm">Searching…</Text>
              </Group>
            ) : status === 'error' ? (
              <Text size="sm" c="var(--mantine-color-error)">
                The search failed. Check your connection and try again.
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {(total ?? results.length) === 1
                  ? '1 result'
                  : `${total ?? results.length} results`}
              </Text>
            )}
          </div>
          {results.length > 0 ? (
            <Stack
              component="ul"
              gap={2}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label="Search results"
            >
              {results.map((result) => {
                const route = searchResultRoute(result);
                return (
                  <li key={`${result.type}-${result.data.id}`}>
                    <SearchResultRow
                      result={result}
                      href={route}
                      onClick={() => {
                        onOpen(route);
                      }}
                    />
                  </li>
                );
              })}
            </Stack>
          ) : status === 'idle' && query.trim() !== '' ? (
            <Text size="sm">No one matches “{query}”. Try a surname, a team or a specialty.</Text>
          ) : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder p="md" component="section" aria-label="Filters">
          <SearchFilters
            includes={includes}
            onIncludesChange={onIncludesChange}
            outsideOrganisation={outsideOrganisation}
            onOutsideOrganisationChange={onOutsideOrganisationChange}
          />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
