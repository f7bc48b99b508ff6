import type { ReactNode } from 'react';
import type { ConversationKind, TeamIcon } from '@pando/domain';

/** Which conversation a chat pane shows. */
export interface ConversationTarget {
  /** Bare JID of the other user or of the room. */
  address: string;
  kind: ConversationKind;
  /** The name shown as the recipient's display name. */
  name: string;
  /** Forums hide the patient-share button (spec 01 §6). */
  isForum?: boolean;
  /** REST id of the user, team/forum or advice conversation (image and file shares). */
  id?: number;
  /** Advice conversations: the advice team's id. */
  teamId?: number;
  /** Forums: whether the viewer is a member (the first message into a forum joins it). */
  isMember?: boolean;
}

/** What a chat screen puts around the live conversation: its header line and a bottom bar. */
export interface ConversationChrome {
  /** The header's name when it differs from the conversation's (the advice team sees who asked). */
  title?: string;
  /** The header's icon for teams (private, team, forum). */
  teamIcon?: TeamIcon;
  /** Under the name when there is no last-active time: member count, advice state. */
  detail?: string;
  /** Between the messages and the composer, e.g. the advice actions. */
  footer?: ReactNode;
  /**
   * The conversation is read-only (a closed advice conversation, issue 35): this replaces the
   * composer, saying why and what to do instead.
   */
  closed?: ReactNode;
}
