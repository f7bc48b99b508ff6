/** Sidebar sections (spec 01 §2 "Chat sidebar"), top to bottom. */
export const SIDEBAR_SECTIONS = ['unread', 'teams', 'direct', 'advice', 'forums'] as const;
export type SidebarSection = (typeof SIDEBAR_SECTIONS)[number];

export const SIDEBAR_SECTION_TITLES: Record<SidebarSection, string> = {
  unread: 'Unread',
  teams: 'Teams',
  direct: 'Direct messages',
  advice: 'Advice conversations',
  forums: 'Forums',
};

/** Where each section's plus button goes (spec 01 §2). Unread has none. */
export const SIDEBAR_ADD_ROUTES: Record<Exclude<SidebarSection, 'unread'>, string> = {
  teams: '/teams/create',
  direct: '/search?include=user.other',
  advice: '/search?include=team.advice',
  forums: '/search?include=team.forum',
};
export const ADVICE_HISTORY_ROUTE = '/ask-advice/history';

export type ConversationKind = 'team' | 'forum' | 'direct' | 'advice';

/** One row of the sidebar. `address` is the chat address (bare JID) unread counts are keyed by. */
export interface SidebarItem {
  address: string;
  name: string;
  kind: ConversationKind;
  /** Where the row links to. */
  route: string;
  /** Advice only: hidden when resolved for this viewer (see isAdviceHiddenFor). */
  hidden?: boolean;
  /**
   * A second line that tells rows of the same name apart (advice: when it was asked,
   * `adviceRowDetail`; two requests to "Cardiology Advice" read the same otherwise).
   */
  detail?: string;
}

export type SidebarSections = Record<SidebarSection, (SidebarItem & { unread: number })[]>;

const KIND_SECTION: Record<ConversationKind, Exclude<SidebarSection, 'unread'>> = {
  team: 'teams',
  forum: 'forums',
  direct: 'direct',
  advice: 'advice',
};

// One collator for every comparison: localeCompare with options builds one per call, which
// showed in the 200-conversation sidebar's profile (bench/RESULTS.md "Web app").
const byNameCollator = new Intl.Collator(undefined, { sensitivity: 'base' });
const byAddressCollator = new Intl.Collator();

/** Spec 01 §2: items sorted by name, case-insensitively (ties by address, so order is stable). */
export function compareByName(a: { name: string; address?: string }, b: typeof a): number {
  const byName = byNameCollator.compare(a.name, b.name);
  return byName !== 0 ? byName : byAddressCollator.compare(a.address ?? '', b.address ?? '');
}

/**
 * Spec 01 §2: Unread lists every conversation with an unread count; the other sections list
 * only read items; each is sorted by name case-insensitively; resolved advice is hidden.
 */
export function buildSidebar(
  items: readonly SidebarItem[],
  unreadCounts: Readonly<Record<string, number>>,
): SidebarSections {
  const sections: SidebarSections = { unread: [], teams: [], direct: [], advice: [], forums: [] };
  const seen = new Set<string>();
  for (const item of items) {
    if (item.hidden || seen.has(item.address)) continue;
    seen.add(item.address);
    const unread = Math.max(0, unreadCounts[item.address] ?? 0);
    const row = { ...item, unread };
    sections[unread > 0 ? 'unread' : KIND_SECTION[item.kind]].push(row);
  }
  for (const key of SIDEBAR_SECTIONS) sections[key].sort(compareByName);
  return sections;
}

/** Total unread, e.g. for the tab title. */
export function totalUnread(unreadCounts: Readonly<Record<string, number>>): number {
  return Object.values(unreadCounts).reduce((sum, n) => sum + Math.max(0, n), 0);
}
