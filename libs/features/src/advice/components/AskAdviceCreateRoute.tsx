import { Button, Center, Loader, NavLink, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSearchInfiniteQuery } from '@pando/data-access';
import { chatRoutes } from '@pando/domain';

/**
 * /teams/ask-advice/create (spec 01 route table): where a person starts asking a specialist team
 * for advice. Decision (features README "Ask advice"): step one chooses the team — the advice
 * teams (public_data.enabled) the person can ask, filtered by name through the search call;
 * choosing one opens /ask-advice/{teamId}, the existing "Ask advice" screen, which takes the
 * first message and opens /teams/{teamId}/advice-conversations/{id}. Advice channels themselves
 * are created in the admin console (spec 02), not here.
 */
export function AskAdviceCreateRoute() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const query = useDeferredValue(filter);
  const teams = useSearchInfiniteQuery({ query, includes: ['team.advice'] });
  const rows = (teams.data?.pages.flatMap((page) => page.results) ?? []).flatMap((r) =>
    r.type === 'TEAM' && r.data.public_data?.enabled ? [r.data] : [],
  );
  return (
    <Stack p="md" maw={720}>
      <Title order={1} size="h3">
        Ask for advice
      </Title>
      <Text size="sm" c="dimmed">
        Choose the specialist team to ask. Next you write your question; the team sees your name and
        that first message.
      </Text>
      <TextInput
        label="Find a specialist team"
        placeholder="Team name"
        value={filter}
        onChange={(event) => {
          setFilter(event.currentTarget.value);
        }}
      />
      {teams.isPending ? (
        <Center>
          <Loader size="sm" role="status" aria-label="Loading the specialist teams" />
        </Center>
      ) : teams.isError ? (
        <Text role="alert">The specialist teams could not be loaded.</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">No specialist team matches.</Text>
      ) : (
        <nav aria-label="Specialist teams">
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((team) => {
              const href = chatRoutes.newAdvice(team.id);
              return (
                <li key={team.id}>
                  <NavLink
                    href={href}
                    label={team.name}
                    description={team.public_data?.description ?? undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      void navigate(href);
                    }}
                  />
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {teams.hasNextPage ? (
        <Button
          variant="default"
          loading={teams.isFetchingNextPage}
          onClick={() => void teams.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
      <Button
        variant="default"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => {
          void navigate('/');
        }}
      >
        Cancel
      </Button>
    </Stack>
  );
}
