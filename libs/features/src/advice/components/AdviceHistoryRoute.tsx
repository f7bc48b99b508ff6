import { Button, Center, Loader, NavLink, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { useAdviceHistoryInfiniteQuery } from '@pando/data-access';
import { displayName, chatRoutes } from '@pando/domain';

/** /ask-advice/history (spec 01 §2 "Advice history"): resolved conversations, 20 a page. */
export function AdviceHistoryRoute() {
  const history = useAdviceHistoryInfiniteQuery();
  const navigate = useNavigate();
  const rows = history.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <Stack p="md" maw={720}>
      <Title order={1} size="h3">
        Advice history
      </Title>
      {history.isPending ? (
        <Center>
          <Loader size="sm" role="status" aria-label="Loading the advice history" />
        </Center>
      ) : history.isError ? (
        <Text role="alert">The advice history could not be loaded.</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">No resolved advice conversations yet.</Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => {
            const teamId = row.team?.id ?? row.team_id;
            if (teamId === undefined) return null;
            const href = chatRoutes.adviceConversation(teamId, row.id);
            const requestor = row.requestor ? displayName(row.requestor) : '';
            return (
              <li key={row.id}>
                <NavLink
                  href={href}
                  label={row.team?.name ?? 'Advice conversation'}
                  description={[requestor, dayjs(row.modified_at).format('D MMM YYYY HH:mm')]
                    .filter(Boolean)
                    .join(' · ')}
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
      {history.hasNextPage ? (
        <Button
          variant="default"
          loading={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
