import type { TeamsWithAdviceConversations } from '@pando/domain';
import { DEMO_ACCOUNTS } from '@pando/domain/demo';
import { describe, expect, it } from 'vitest';
import { servedMockBackend } from './servedBackend';

describe('GET /teams-with-advices-conversations on the mock backend (the sidebar)', () => {
  const { backend, signIn } = servedMockBackend();

  const sidebarOf = async (email: string) =>
    (await (
      await fetch('http://pando.test/api/v4/teams-with-advices-conversations', {
        headers: signIn(email),
      })
    ).json()) as TeamsWithAdviceConversations;

  it('shows an open question to the members of its team after the team stops being an advice channel, as the server', async () => {
    const bob = backend.state.users.find((u) => u.email === DEMO_ACCOUNTS.bob);
    const question = backend.state.adviceConversations.find(
      (a) =>
        !(a.requestor_resolved && a.public_team_resolved) &&
        a.requestor_id !== bob?.id &&
        bob !== undefined &&
        backend.inTeam(bob, a.team_id),
    );
    const team = question && backend.team(question.team_id);
    if (!question || !team) throw new Error("expected an open question to bob's advice team");
    team.public_data.enabled = false;
    const ids = (await sidebarOf(DEMO_ACCOUNTS.bob)).advice_conversations.map((a) => a.id);
    expect(ids).toContain(question.id);
  });
});
