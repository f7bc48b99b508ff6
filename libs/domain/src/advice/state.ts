import { TEXTS, textsWith } from '../texts/texts';
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

/**
 * Server-side effect of each endpoint on the two flags. resolve is the requester's step; accept
 * closes the side that has not resolved yet; unresolve (reject) re-opens both.
 */
export function applyAdviceEndpoint(
  flags: { requestor_resolved: boolean; public_team_resolved: boolean },
  endpoint: Exclude<AdviceEndpoint, 'export-to-email'>,
  byRequester: boolean,
): { requestor_resolved: boolean; public_team_resolved: boolean } {
  switch (endpoint) {
    case 'resolve':
      return byRequester
        ? { ...flags, requestor_resolved: true }
        : { ...flags, public_team_resolved: true };
    case 'accept':
      return { requestor_resolved: true, public_team_resolved: true };
    case 'unresolve':
      return { requestor_resolved: false, public_team_resolved: false };
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
