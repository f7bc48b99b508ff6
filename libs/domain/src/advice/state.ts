import { TEXTS, textsWith } from '../texts/texts';
import { formatDateTime } from '../time/format';
import { INTERNAL_CODES } from '../wire/errors';
import type { AdviceResolutionAction } from '../chat/codec';

/** Advice conversation state (spec 01 §4). */
export type AdviceState = 'RESOLVABLE' | 'ACCEPTABLE' | 'ARCHIVABLE' | 'ARCHIVED';

export interface AdviceStateInput {
  isRequester: boolean;
  requestor_resolved: boolean;
  public_team_resolved: boolean;
}

/**
 * Spec 01 §4, in the spec's order:
 * - RESOLVABLE: user is requester and nothing resolved;
 * - ACCEPTABLE: requester resolved, team not;
 * - ARCHIVABLE: team resolved, requester not;
 * - ARCHIVED: otherwise (including a team member looking at an open conversation).
 */
export function adviceState(input: AdviceStateInput): AdviceState {
  const { isRequester, requestor_resolved: req, public_team_resolved: team } = input;
  if (isRequester && !req && !team) return 'RESOLVABLE';
  if (req && !team) return 'ACCEPTABLE';
  if (team && !req) return 'ARCHIVABLE';
  return 'ARCHIVED';
}

/** The REST call an action makes: PUT …/{accept|resolve|unresolve} or POST …/export-to-email. */
export type AdviceEndpoint = 'resolve' | 'accept' | 'unresolve' | 'export-to-email';

export interface AdviceAction {
  id: 'resolve' | 'accept' | 'reject' | 'archive' | 'exportToEmail';
  label: string;
  endpoint: AdviceEndpoint;
  /** The system line posted into the chat, if any. */
  systemLine: AdviceResolutionAction | null;
  /** Remove the conversation from the sidebar and clear the current recipient. */
  removeFromList: boolean;
  /** Where to go afterwards. */
  navigateTo: '/' | null;
  /** Notification text after success, if any. */
  notice: string | null;
}

const EXPORT: AdviceAction = {
  id: 'exportToEmail',
  label: 'Export to my email',
  endpoint: 'export-to-email',
  systemLine: null,
  removeFromList: false,
  navigateTo: null,
  notice: null,
};

/**
 * Spec 01 §4 actions per state. ACCEPTABLE's Reject/Accept belong to the team side; the
 * requester (who already resolved) only exports. Every state offers export to my email.
 */
export function adviceActions(state: AdviceState, isRequester: boolean): AdviceAction[] {
  switch (state) {
    case 'RESOLVABLE':
      return [
        {
          id: 'resolve',
          label: 'Mark as resolved',
          endpoint: 'resolve',
          systemLine: 'RESOLVE',
          removeFromList: true,
          navigateTo: '/',
          notice: TEXTS.adviceResolved,
        },
        EXPORT,
      ];
    case 'ACCEPTABLE':
      if (isRequester) return [EXPORT];
      return [
        {
          id: 'reject',
          label: 'Reject',
          endpoint: 'unresolve',
          systemLine: 'REJECT',
          removeFromList: false,
          navigateTo: null,
          notice: TEXTS.adviceReopened,
        },
        {
          id: 'accept',
          label: 'Accept',
          endpoint: 'accept',
          systemLine: 'ACCEPT',
          removeFromList: true,
          navigateTo: '/',
          notice: null,
        },
        EXPORT,
      ];
    case 'ARCHIVABLE':
      return [
        {
          id: 'archive',
          label: 'Archive',
          endpoint: 'accept',
          systemLine: 'ACCEPT',
          removeFromList: true,
          navigateTo: '/',
          notice: null,
        },
        EXPORT,
      ];
    case 'ARCHIVED':
      return [EXPORT];
  }
}

/** The state-changing endpoints of an advice conversation. */
export type AdviceTransitionEndpoint = Exclude<AdviceEndpoint, 'export-to-email'>;

export type AdviceTransition =
  | {
      ok: true;
      requestor_resolved: boolean;
      public_team_resolved: boolean;
      /** The system line posted into the chat (spec 01 §4). */
      action: AdviceResolutionAction;
      /** Whether the caller becomes the conversation's resolver (null: clear it; false: keep). */
      resolver: 'caller' | 'keep' | 'clear';
    }
  | { ok: false; statusCode: 403 | 409; message: string; internalCode?: string };

const WRONG_STATE: AdviceTransition = {
  ok: false,
  statusCode: 409,
  message: 'This advice conversation is not in a state that allows that.',
  internalCode: INTERNAL_CODES.ADVICE_INVALID_STATE,
};
const wrongSide = (message: string): AdviceTransition => ({ ok: false, statusCode: 403, message });

/**
 * The one rule of what `PUT …/advice-conversations/{id}/{resolve|accept|unresolve}` does (spec 01
 * §4), enforced by the server whatever a client shows. `byRequester`:
 * the caller asked for the advice (a requester who is also in the advice team acts as the
 * requester); otherwise the caller is on the advice team's side.
 * - resolve, only while nothing is resolved: the requester's resolve makes it ACCEPTABLE (RESOLVE);
 *   a team-side resolve marks the team's side, which is how a conversation becomes ARCHIVABLE
 *   ("team resolved, requester not"), the state the spec offers Archive in.
 * - accept: in ACCEPTABLE the team side accepts (the requester there only exports: 403); in
 *   ARCHIVABLE whoever sees it archives (the spec's state does not depend on the viewer) →
 *   both resolved (ACCEPT).
 * - unresolve (Reject): the team side, in ACCEPTABLE only → both open again (REJECT); the
 *   requester gets 403.
 * Any other state answers 409 ADVICE_INVALID_STATE.
 */
export function adviceTransition(
  flags: { requestor_resolved: boolean; public_team_resolved: boolean },
  endpoint: AdviceTransitionEndpoint,
  byRequester: boolean,
): AdviceTransition {
  const state = adviceState({ isRequester: true, ...flags });
  switch (endpoint) {
    case 'resolve':
      if (state !== 'RESOLVABLE') return WRONG_STATE;
      return byRequester
        ? {
            ok: true,
            requestor_resolved: true,
            public_team_resolved: false,
            action: 'RESOLVE',
            resolver: 'keep',
          }
        : {
            ok: true,
            requestor_resolved: false,
            public_team_resolved: true,
            action: 'RESOLVE',
            resolver: 'caller',
          };
    case 'accept':
      if (state === 'ACCEPTABLE' && byRequester)
        return wrongSide('Only the advice team can accept the resolution.');
      if (state !== 'ACCEPTABLE' && state !== 'ARCHIVABLE') return WRONG_STATE;
      return {
        ok: true,
        requestor_resolved: true,
        public_team_resolved: true,
        action: 'ACCEPT',
        resolver: byRequester ? 'keep' : 'caller',
      };
    case 'unresolve':
      if (byRequester) return wrongSide('Only the advice team can reject the resolution.');
      if (state !== 'ACCEPTABLE') return WRONG_STATE;
      return {
        ok: true,
        requestor_resolved: false,
        public_team_resolved: false,
        action: 'REJECT',
        resolver: 'clear',
      };
  }
}

/**
 * Spec 01 §4: REJECT, ACCEPT and RESOLVE appear as system lines in the chat. Wording ours.
 */
export function adviceSystemLine(action: AdviceResolutionAction, actorName: string): string {
  return textsWith.adviceSystemLine(action, actorName);
}

/**
 * Whether the sidebar hides the conversation ("resolved advice conversations are hidden"): hidden
 * once the viewer's own side has resolved it (the requester after resolving, the team after
 * accepting), which is exactly when the spec's actions "remove from list".
 */
export function isAdviceHiddenFor(
  conversation: { requestor_resolved: boolean; public_team_resolved: boolean },
  isRequester: boolean,
): boolean {
  return isRequester ? conversation.requestor_resolved : conversation.public_team_resolved;
}

/**
 * Both sides have resolved it: the conversation is closed (archived) and, as decided for issue 35
 * (libs/domain/README.md "Advice: a closed conversation is read-only"), read-only — the
 * composer gives way to a line saying so, and the chat server refuses messages into its room.
 */
export function isAdviceClosed(flags: {
  requestor_resolved: boolean;
  public_team_resolved: boolean;
}): boolean {
  return flags.requestor_resolved && flags.public_team_resolved;
}

/**
 * The conversation's status as the viewer's side reads it (issue 35; the wording is ours). The
 * spec's state names are not labels: its ARCHIVED also covers a team member looking at an open or
 * re-opened conversation, which must not read "Archived".
 * - nothing resolved: Open, on both sides;
 * - requester resolved, team not: the requester is waiting for the team to accept; the team is
 *   asked for its acceptance;
 * - team resolved, requester not: ready to archive, on both sides;
 * - both resolved: Closed.
 */
export function adviceStatusLabel(input: AdviceStateInput): string {
  const { isRequester, requestor_resolved: req, public_team_resolved: team } = input;
  if (req && team) return TEXTS.adviceStatusClosed;
  if (req) return isRequester ? TEXTS.adviceStatusAwaitingTeam : TEXTS.adviceStatusAwaitingYou;
  if (team) return TEXTS.adviceStatusTeamResolved;
  return TEXTS.adviceStatusOpen;
}

/**
 * The second line of an advice conversation's sidebar row (issue 35): when it was asked, so two
 * requests to the same team ("Cardiology Advice", "Cardiology Advice") can be told apart. None
 * when the list does not say when it started.
 */
export function adviceRowDetail(conversation: {
  created_at?: string | undefined;
}): string | undefined {
  if (!conversation.created_at) return undefined;
  const started = new Date(conversation.created_at);
  return Number.isNaN(started.getTime())
    ? undefined
    : textsWith.adviceAsked(formatDateTime(started));
}
