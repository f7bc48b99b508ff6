import type { DirectConversation } from '@pando/data-access';
import {
  adviceRowDetail,
  displayName,
  chatRoutes,
  isAdviceHiddenFor,
  isForum,
  roomJid,
  teamIcon,
  type SidebarItem,
  type TeamIcon,
} from '@pando/domain';

interface TeamRow {
  id: number;
  name: string;
  mim_id: string;
  discoverable: boolean;
  auto_accept: boolean;
}
interface AdviceRow {
  id: number;
  mim_id: string;
  team?: { id: number; name: string } | null;
  team_id?: number;
  requestor?: { first_name: string; last_name: string } | null;
  requestor_id: number;
  requestor_resolved: boolean;
  public_team_resolved: boolean;
  created_at?: string | undefined;
}
/** The part of GET /teams-with-advices-conversations the sidebar reads. */
export interface SidebarLists {
  teams: readonly TeamRow[];
  forums: readonly TeamRow[];
  advice_conversations: readonly AdviceRow[];
}

/**
 * The sidebar rows (spec 01 §2 "Chat sidebar") from the REST lists and the chat inbox: teams and
 * forums by their room address, advice conversations hidden once resolved on the viewer's side,
 * direct messages from the inbox. Sectioning and sorting are the domain's `buildSidebar`.
 */
export function sidebarItems(
  lists: SidebarLists,
  directs: readonly DirectConversation[],
  viewerId: number,
  chatDomain: string,
): (SidebarItem & { teamIcon?: TeamIcon })[] {
  const items: (SidebarItem & { teamIcon?: TeamIcon })[] = [];
  for (const team of [...lists.teams, ...lists.forums]) {
    items.push({
      address: roomJid(team.mim_id, chatDomain),
      name: team.name,
      kind: isForum(team) ? 'forum' : 'team',
      route: chatRoutes.team(team.id),
      teamIcon: teamIcon(team),
    });
  }
  for (const advice of lists.advice_conversations) {
    const teamId = advice.team?.id ?? advice.team_id;
    if (teamId === undefined) continue;
    const isRequester = advice.requestor_id === viewerId;
    const requestor = advice.requestor ? displayName(advice.requestor) : '';
    const teamName = advice.team?.name ?? 'Advice';
    const detail = adviceRowDetail(advice);
    items.push({
      address: roomJid(advice.mim_id, chatDomain),
      // The requester sees the team they asked; the team sees who asked.
      name: isRequester || requestor === '' ? teamName : `${teamName}: ${requestor}`,
      kind: 'advice',
      route: chatRoutes.adviceConversation(teamId, advice.id),
      hidden: isAdviceHiddenFor(advice, isRequester),
      // Two requests to one team share a name: the second line says when each was asked.
      ...(detail === undefined ? {} : { detail }),
    });
  }
  for (const direct of directs) {
    items.push({
      address: direct.address,
      name: direct.name,
      kind: 'direct',
      route: chatRoutes.direct(direct.userId),
    });
  }
  return items;
}
