import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  isBadRequest,
  useCreateAdviceConversationMutation,
  useTeamQuery,
} from '@pando/data-access';
import { chatRoutes } from '@pando/domain';
import { BackToListButton } from '@pando/ui';
import { PaneLoading } from '../../chat/components/ChatFrame';

/**
 * /ask-advice/{teamId} (spec 01 §2 "Ask advice"): takes a first message, creates the conversation
 * with it, then opens /teams/{teamId}/advice-conversations/{id}. Cancel goes back to the advice
 * search. The server posts the first message into the new room (domain decision on the create
 * call), so it is in the archive before anyone opens the conversation.
 */
export function AskAdvice({ teamId }: { teamId: number }) {
  const team = useTeamQuery(teamId);
  const create = useCreateAdviceConversationMutation(teamId);
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  if (team.isPending) return <PaneLoading label="Loading the advice team" />;
  if (team.isError) {
    return (
      <Text p="md" role="alert">
        This advice team could not be found.
      </Text>
    );
  }
  const submit = () => {
    const text = message.trim();
    if (text === '') {
      setError('Write your question first.');
      return;
    }
    setError(undefined);
    create.mutate(text, {
      onSuccess: (created) => {
        if (isBadRequest(created)) {
          setError(created.message);
          return;
        }
        void navigate(chatRoutes.adviceConversation(teamId, created.id));
      },
    });
  };
  return (
    <Stack gap={0}>
      <Group
        gap="xs"
        wrap="nowrap"
        px={{ base: 'xs', sm: 'md' }}
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <BackToListButton
          onBack={() => {
            void navigate('/');
          }}
        />
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          Ask {team.data.name} for advice
        </Title>
      </Group>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack p="md" maw={640}>
          <Textarea
            label="Your question"
            description="The team sees your name and this first message."
            autosize
            minRows={3}
            maxRows={8}
            value={message}
            error={error}
            onChange={(event) => {
              setMessage(event.currentTarget.value);
            }}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                void navigate('/search?include=team.advice');
              }}
            >
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Ask for advice
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
