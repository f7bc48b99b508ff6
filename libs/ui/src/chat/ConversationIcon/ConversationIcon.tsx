import type { ConversationKind, TeamIcon } from '@pando/domain';
import {
  IconLock,
  IconMessageQuestion,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';

export interface ConversationIconProps {
  /** What kind of conversation the row is. */
  kind: ConversationKind;
  /** For teams: private (not discoverable) or team (discoverable), from `teamIcon`. */
  teamIcon?: TeamIcon;
  /** Pixel size. @default 18 */
  size?: number;
}

/** Spec 01 §3 icons: private, team, forum; plus a person for direct and a question for advice. */
export function ConversationIcon({ kind, teamIcon, size = 18 }: ConversationIconProps) {
  const props = { size, 'aria-hidden': true, stroke: 1.75 } as const;
  if (kind === 'direct') return <IconUser {...props} />;
  if (kind === 'advice') return <IconMessageQuestion {...props} />;
  if (kind === 'forum' || teamIcon === 'forum') return <IconUsersGroup {...props} />;
  if (teamIcon === 'private') return <IconLock {...props} />;
  return <IconUsers {...props} />;
}
