import {
  Button,
  Checkbox,
  Group,
  Loader,
  NavLink,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSearchInfiniteQuery } from '@pando/data-access';
import { searchResultRoute, type SearchResult } from '@pando/domain';
import { choicesFromParam, includesFor, SEARCH_CHOICES, type SearchChoice } from '../searchChoices';

/** Spec 01 §9 "search throttle 1000 ms": typing settles for this long before a query goes out. */
const SEARCH_SETTLE_MS = 1000;

function resultLabel(result: SearchResult): { label: string; description: string } {
  if (result.type === 'USER') {
    return { label: `${result.data.first_name} ${result.data.last_name}`, description: 'Person' };
  }
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
 * start from the `include` parameter; the outside-organisation filter defaults to no.
 */
export function SearchRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const [choices, setChoices] = useState<SearchChoice[]>(() =>
    choicesFromParam(params.get('include')),
  );
  const [outside, setOutside] = useState(false);
  const [settledQuery] = useDebouncedValue(query.trim(), SEARCH_SETTLE_MS);
  const search = useSearchInfiniteQuery(
    { query: settledQuery, includes: includesFor(choices), outsideOrganisation: outside },
    { enabled: choices.length > 0 },
  );
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <Group align="flex-start" p="md" gap="xl" wrap="wrap">
      <Stack style={{ flex: '1 1 420px' }} maw={720}>
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
      </Stack>
      <Stack component="aside" aria-label="Filters" w={240}>
        <Checkbox.Group
          label="Include"
          value={choices}
          onChange={(value) => {
            setChoices(value);
          }}
        >
          <Stack gap="xs" mt="xs">
            {SEARCH_CHOICES.map((choice) => (
              <Checkbox key={choice.key} value={choice.key} label={choice.label} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Radio.Group
          label="Outside my organisation"
          value={outside ? 'yes' : 'no'}
          onChange={(value) => {
            setOutside(value === 'yes');
          }}
        >
          <Group gap="md" mt="xs">
            <Radio value="no" label="No" />
            <Radio value="yes" label="Yes" />
          </Group>
        </Radio.Group>
      </Stack>
    </Group>
  );
}
