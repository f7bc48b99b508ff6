import { describe, expect, it } from 'vitest';
import { TEXTS } from '../texts/texts';
import {
  adviceActions,
  adviceState,
  adviceRowDetail,
  adviceStatusLabel,
  isAdviceClosed,
  adviceSystemLine,
  adviceTransition,
  isAdviceHiddenFor,
} from './state';
import {
  AdviceConversationSchema,
  AdviceHistoryResponseSchema,
  ChatRoomSchema,
  CreateAdviceConversationSchema,
  TeamsWithAdviceConversationsSchema,
} from './schemas';

const s = (isRequester: boolean, requestor_resolved: boolean, public_team_resolved: boolean) =>
  adviceState({ isRequester, requestor_resolved, public_team_resolved });

describe('advice conversation state (spec 01 §4)', () => {
  it('RESOLVABLE: user is requester and nothing resolved', () => {
    expect(s(true, false, false)).toBe('RESOLVABLE');
  });
  it('ACCEPTABLE: requester resolved, team not', () => {
    expect(s(false, true, false)).toBe('ACCEPTABLE');
    expect(s(true, true, false)).toBe('ACCEPTABLE');
  });
  it('ARCHIVABLE: team resolved, requester not', () => {
    expect(s(true, false, true)).toBe('ARCHIVABLE');
    expect(s(false, false, true)).toBe('ARCHIVABLE');
  });
  it('ARCHIVED: otherwise', () => {
    expect(s(true, true, true)).toBe('ARCHIVED');
    expect(s(false, true, true)).toBe('ARCHIVED');
    expect(s(false, false, false)).toBe('ARCHIVED');
  });

  it("RESOLVABLE offers 'mark as resolved': resolve, remove from list, notify, go to /", () => {
    const [resolve] = adviceActions('RESOLVABLE', true);
    expect(resolve).toMatchObject({
      id: 'resolve',
      endpoint: 'resolve',
      systemLine: 'RESOLVE',
      removeFromList: true,
      navigateTo: '/',
    });
    expect(resolve?.notice).toBeTruthy();
  });

  it('ACCEPTABLE: team side may Reject (unresolve; re-opened) or Accept (accept; remove; go to /)', () => {
    const actions = adviceActions('ACCEPTABLE', false);
    expect(actions.map((a) => [a.id, a.endpoint])).toEqual([
      ['reject', 'unresolve'],
      ['accept', 'accept'],
      ['exportToEmail', 'export-to-email'],
    ]);
    expect(actions[0]?.notice).toBe('The conversation is re-opened.');
    expect(actions[1]).toMatchObject({
      removeFromList: true,
      navigateTo: '/',
      systemLine: 'ACCEPT',
    });
    expect(adviceActions('ACCEPTABLE', true).map((a) => a.id)).toEqual(['exportToEmail']);
  });

  it('ARCHIVABLE offers Archive (accept); ARCHIVED only export; every state offers export', () => {
    expect(adviceActions('ARCHIVABLE', true).map((a) => [a.id, a.endpoint])).toEqual([
      ['archive', 'accept'],
      ['exportToEmail', 'export-to-email'],
    ]);
    expect(adviceActions('ARCHIVED', false).map((a) => a.id)).toEqual(['exportToEmail']);
    for (const state of ['RESOLVABLE', 'ACCEPTABLE', 'ARCHIVABLE', 'ARCHIVED'] as const) {
      expect(adviceActions(state, true).some((a) => a.id === 'exportToEmail')).toBe(true);
    }
  });

  it('endpoints move the flags: resolve → ACCEPTABLE, unresolve → open, accept → ARCHIVED', () => {
    const open = { requestor_resolved: false, public_team_resolved: false };
    const moved = (
      flags: typeof open,
      endpoint: 'resolve' | 'accept' | 'unresolve',
      byRequester: boolean,
    ) => {
      const t = adviceTransition(flags, endpoint, byRequester);
      if (!t.ok) throw new Error(`${endpoint} refused: ${t.message}`);
      return {
        requestor_resolved: t.requestor_resolved,
        public_team_resolved: t.public_team_resolved,
      };
    };
    const resolved = moved(open, 'resolve', true);
    expect(adviceState({ isRequester: false, ...resolved })).toBe('ACCEPTABLE');
    expect(moved(resolved, 'unresolve', false)).toEqual(open);
    expect(adviceState({ isRequester: true, ...moved(resolved, 'accept', false) })).toBe(
      'ARCHIVED',
    );
  });

  it('ARCHIVABLE (team resolved, requester not) is reached by a team-side resolve and offers Archive to both sides', () => {
    const open = { requestor_resolved: false, public_team_resolved: false };
    const t = adviceTransition(open, 'resolve', false);
    expect(t).toMatchObject({ ok: true, public_team_resolved: true, requestor_resolved: false });
    const archivable = { requestor_resolved: false, public_team_resolved: true };
    expect(adviceState({ isRequester: true, ...archivable })).toBe('ARCHIVABLE');
    expect(adviceTransition(archivable, 'accept', true)).toMatchObject({
      ok: true,
      action: 'ACCEPT',
    });
    expect(adviceTransition(archivable, 'accept', false)).toMatchObject({
      ok: true,
      action: 'ACCEPT',
    });
  });

  it('every endpoint × side × state: allowed moves, 403 for the wrong side, 409 for the wrong state', () => {
    const outcomes: string[] = [];
    for (const [req, team] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ] as const)
      for (const endpoint of ['resolve', 'accept', 'unresolve'] as const)
        for (const byRequester of [true, false]) {
          const t = adviceTransition(
            { requestor_resolved: req, public_team_resolved: team },
            endpoint,
            byRequester,
          );
          outcomes.push(
            `${req}/${team} ${endpoint} by ${byRequester ? 'requester' : 'team'} -> ${
              t.ok ? t.action : `${t.statusCode}${t.internalCode ? ` ${t.internalCode}` : ''}`
            }`,
          );
        }
    expect(outcomes).toEqual([
      'false/false resolve by requester -> RESOLVE',
      'false/false resolve by team -> RESOLVE',
      'false/false accept by requester -> 409 ADVICE_INVALID_STATE',
      'false/false accept by team -> 409 ADVICE_INVALID_STATE',
      'false/false unresolve by requester -> 403',
      'false/false unresolve by team -> 409 ADVICE_INVALID_STATE',
      'true/false resolve by requester -> 409 ADVICE_INVALID_STATE',
      'true/false resolve by team -> 409 ADVICE_INVALID_STATE',
      'true/false accept by requester -> 403',
      'true/false accept by team -> ACCEPT',
      'true/false unresolve by requester -> 403',
      'true/false unresolve by team -> REJECT',
      'false/true resolve by requester -> 409 ADVICE_INVALID_STATE',
      'false/true resolve by team -> 409 ADVICE_INVALID_STATE',
      'false/true accept by requester -> ACCEPT',
      'false/true accept by team -> ACCEPT',
      'false/true unresolve by requester -> 403',
      'false/true unresolve by team -> 409 ADVICE_INVALID_STATE',
      'true/true resolve by requester -> 409 ADVICE_INVALID_STATE',
      'true/true resolve by team -> 409 ADVICE_INVALID_STATE',
      'true/true accept by requester -> 409 ADVICE_INVALID_STATE',
      'true/true accept by team -> 409 ADVICE_INVALID_STATE',
      'true/true unresolve by requester -> 403',
      'true/true unresolve by team -> 409 ADVICE_INVALID_STATE',
    ]);
  });

  it('REJECT, ACCEPT and RESOLVE appear as system lines in the chat', () => {
    expect(adviceSystemLine('RESOLVE', 'Alice Adams')).toBe(
      'Alice Adams marked this conversation as resolved',
    );
    expect(adviceSystemLine('ACCEPT', 'Bob')).toContain('accepted');
    expect(adviceSystemLine('REJECT', 'Bob')).toBe('Bob re-opened this conversation');
  });

  it('resolved advice is hidden once the viewer’s own side resolved it', () => {
    const c = { requestor_resolved: true, public_team_resolved: false };
    expect(isAdviceHiddenFor(c, true)).toBe(true);
    expect(isAdviceHiddenFor(c, false)).toBe(false);
  });
});

describe('advice wire schemas', () => {
  const conversation = {
    id: 7,
    mim_id: 'advice-7',
    team: { id: 3, name: 'Cardiology Advice' },
    requestor: { id: 4, first_name: 'Alice', last_name: 'Adams' },
    requestor_id: 4,
    requestor_resolved: false,
    public_team_resolved: false,
    resolver: null,
    modified_at: '2026-01-10T09:00:00.000Z',
  };

  it('parses teams-with-advices-conversations and the chat-room lookup', () => {
    const body = TeamsWithAdviceConversationsSchema.parse({
      teams: [{ id: 1, name: 'Ward 7 Team', mim_id: 'ward-7' }],
      forums: [],
      advice_conversations: [conversation],
    });
    expect(body.advice_conversations[0]?.team?.name).toBe('Cardiology Advice');
    expect(ChatRoomSchema.parse({ type: 'ADVICE_CONVERSATION', entity: conversation }).type).toBe(
      'ADVICE_CONVERSATION',
    );
    const bad = ChatRoomSchema.safeParse({ type: 'TEAM', entity: { id: 'x' } });
    expect(bad.error?.issues[0]?.path[0]).toBe('entity');
  });

  it('names the missing field', () => {
    const { requestor_resolved: _omit, ...rest } = conversation;
    expect(AdviceConversationSchema.safeParse(rest).error?.issues[0]?.path).toEqual([
      'requestor_resolved',
    ]);
    expect(
      AdviceHistoryResponseSchema.parse({ results: [conversation], total_count: 1 }).total_count,
    ).toBe(1);
    expect(
      CreateAdviceConversationSchema.safeParse({ message: ' ' }).error?.issues[0]?.path,
    ).toEqual(['message']);
  });
});

describe('advice status as each side reads it (issue 35)', () => {
  const label = (isRequester: boolean, req: boolean, team: boolean) =>
    adviceStatusLabel({ isRequester, requestor_resolved: req, public_team_resolved: team });

  it('nothing resolved (open, or re-opened by Reject) reads "Open" on both sides, never "Archived"', () => {
    expect(label(true, false, false)).toBe('Open');
    expect(label(false, false, false)).toBe('Open');
    // The spec's state for a team member looking at an open conversation is ARCHIVED.
    expect(s(false, false, false)).toBe('ARCHIVED');
  });

  it('requester resolved, team not: the requester waits for the team; the team is asked to accept', () => {
    expect(label(true, true, false)).toBe(TEXTS.adviceStatusAwaitingTeam);
    expect(label(false, true, false)).toBe('Resolved by the requester, awaiting your acceptance');
  });

  it('team resolved, requester not: ready to archive, on both sides', () => {
    expect(label(true, false, true)).toBe(TEXTS.adviceStatusTeamResolved);
    expect(label(false, false, true)).toBe(TEXTS.adviceStatusTeamResolved);
  });

  it('both resolved: "Closed" on both sides, and only then closed (read-only)', () => {
    expect(label(true, true, true)).toBe('Closed');
    expect(label(false, true, true)).toBe('Closed');
    expect(isAdviceClosed({ requestor_resolved: true, public_team_resolved: true })).toBe(true);
    expect(isAdviceClosed({ requestor_resolved: true, public_team_resolved: false })).toBe(false);
    expect(isAdviceClosed({ requestor_resolved: false, public_team_resolved: true })).toBe(false);
    expect(isAdviceClosed({ requestor_resolved: false, public_team_resolved: false })).toBe(false);
  });
});

describe('advice rows in the sidebar (issue 35: two "Cardiology Advice" rows)', () => {
  it('the second line says when it was asked, so two requests to one team differ', () => {
    const first = adviceRowDetail({ created_at: new Date(2026, 10, 28, 9, 14).toISOString() });
    const second = adviceRowDetail({ created_at: new Date(2026, 10, 28, 15, 2).toISOString() });
    expect(first).toBe('Asked 28/11/2026 09:14');
    expect(second).toBe('Asked 28/11/2026 15:02');
  });

  it('no second line when the list does not say when it started', () => {
    expect(adviceRowDetail({})).toBeUndefined();
    expect(adviceRowDetail({ created_at: 'not a date' })).toBeUndefined();
  });
});
