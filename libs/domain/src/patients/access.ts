/**
 * Who sees a patient card and who may change it (issue 18; spec 01 §3 "editable", §6). The
 * server's queries gather the facts; this is the only place that decides.
 */

/** What a person is to a card. Every fact is about the card as stored right now. */
export interface CardRelation {
  /** They created the card. */
  creator: boolean;
  /** They are one of its assigned users. */
  assignee: boolean;
  /** They are a current member of one of its assigned teams (joining later counts). */
  assignedTeamMember: boolean;
  /**
   * It was shared with them (access_type READ): to them, to a team they are a current member
   * of, or to an advice conversation they take part in (its requestor or a current member of
   * the advice team).
   */
  sharedWith: boolean;
}

/** `none`: the card does not exist for them (404, no existence leak); `read`: shared only. */
export type CardAccess = 'edit' | 'read' | 'none';

/**
 * A card's creator, its assigned users and the current members of its assigned teams see and
 * edit it; a person it reached only through a share sees it read-only (`editable: false`,
 * every write refused); anybody else gets a 404 as if it did not exist. Leaving or being
 * removed from an assigned team ends the access at once (membership is read as it is now).
 */
export function cardAccess(relation: CardRelation): CardAccess {
  if (relation.creator || relation.assignee || relation.assignedTeamMember) return 'edit';
  return relation.sharedWith ? 'read' : 'none';
}

/** The `editable` flag a card is sent with (spec 01 §3: default true) for a person with `access`. */
export function cardEditableFor(access: CardAccess): boolean {
  return access === 'edit';
}

/**
 * A patient is reached through their cards: a person sees the patient (and the patient's
 * images) when they see any of the patient's cards, and may change the patient (or add
 * images) when they may edit any of them.
 */
export function patientAccess(cardAccesses: Iterable<CardAccess>): CardAccess {
  let best: CardAccess = 'none';
  for (const access of cardAccesses) {
    if (access === 'edit') return 'edit';
    if (access === 'read') best = 'read';
  }
  return best;
}

/**
 * Issue 35: a closed advice conversation is read-only (libs/domain/README.md), for everything
 * added to it — a message (the chat server), a file or image shared into it, a patient card.
 */
export function adviceWriteRefusal(conversation: { closed: boolean }): 'advice-closed' | null {
  return conversation.closed ? 'advice-closed' : null;
}

/** Where a card may be shared into a chat. */
export type CardShareTarget =
  | { kind: 'user'; reachable: boolean }
  | { kind: 'team'; member: boolean; forum: boolean }
  | { kind: 'advice'; participant: boolean; closed: boolean };

/**
 * Why a share is refused: the target is hidden from the sharer, it is a forum, or it is an advice
 * conversation both sides closed (read-only: `adviceWriteRefusal`).
 */
export type CardShareRefusal = 'target-not-found' | 'forum' | 'advice-closed' | null;

/**
 * Spec 01 §5: "Patients cannot be shared into forums" — refused by the server whatever the
 * client does. Otherwise a card goes to a person of the sharer's network, a team the sharer is
 * a member of, or an advice conversation the sharer takes part in; any other target answers
 * like a missing one. Only people who may edit the card share it (a share is a write).
 */
export function cardShareRefusal(target: CardShareTarget): CardShareRefusal {
  switch (target.kind) {
    case 'user':
      return target.reachable ? null : 'target-not-found';
    case 'team':
      if (!target.member) return 'target-not-found';
      return target.forum ? 'forum' : null;
    case 'advice':
      if (!target.participant) return 'target-not-found';
      return adviceWriteRefusal(target);
  }
}
