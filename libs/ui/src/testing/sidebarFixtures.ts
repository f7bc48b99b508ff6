import { buildSidebar, type SidebarItem } from '@pando/domain';
import type { ChatSidebarItem, ChatSidebarSections } from '../chat/ChatSidebar';
import { LONG_NAME, RTL_NAME, XSS_IMG } from './fixtures';

const D = 'stelsewhere.example.org';

const sidebarItems: (SidebarItem & Pick<ChatSidebarItem, 'teamIcon'>)[] = [
  {
    address: `ward7@muclight.${D}`,
    name: 'Ward 7 Team',
    kind: 'team',
    route: '/teams/7',
    teamIcon: 'private',
  },
  {
    address: `cardio-reg@muclight.${D}`,
    name: 'Cardiology registrars',
    kind: 'team',
    route: '/teams/11',
    teamIcon: 'team',
  },
  {
    address: `night@muclight.${D}`,
    name: 'night handover – AMU',
    kind: 'team',
    route: '/teams/12',
    teamIcon: 'private',
  },
  { address: `bob@${D}`, name: 'Bob Okafor', kind: 'direct', route: '/users/bob' },
  { address: `priya@${D}`, name: 'Dr Priya Raman', kind: 'direct', route: '/users/priya' },
  {
    address: `adv-91@muclight.${D}`,
    name: 'Cardiology Advice – chest pain, bed 14',
    kind: 'advice',
    route: '/teams/31/advice-conversations/91',
  },
  {
    address: `junior@muclight.${D}`,
    name: 'Junior Doctors Forum',
    kind: 'forum',
    route: '/teams/40',
    teamIcon: 'forum',
  },
  {
    address: `sepsis@muclight.${D}`,
    name: 'Sepsis Pathway Forum',
    kind: 'forum',
    route: '/teams/41',
    teamIcon: 'forum',
  },
];

const unreadCounts: Record<string, number> = {
  [`bob@${D}`]: 3,
  [`cardio-reg@muclight.${D}`]: 12,
  [`adv-91@muclight.${D}`]: 1,
};

export const sidebarSections = (): ChatSidebarSections => buildSidebar(sidebarItems, unreadCounts);

export const emptySidebarSections = (): ChatSidebarSections => buildSidebar([], {});

const WARDS = ['AMU', 'Ward 7', 'Ward 12', 'ICU', 'CCU', 'Paediatrics', 'Maternity', 'Theatres'];
const SURNAMES = ['Okafor', 'Raman', 'Nguyen', 'Smith', 'Kowalski', 'Haddad', 'Jones', 'Silva'];

/** `count` conversations across every section, a tenth of them unread. */
export function manySidebarSections(count: number): ChatSidebarSections {
  const kinds = ['team', 'direct', 'advice', 'forum'] as const;
  const items: ChatSidebarItem[] = Array.from({ length: count }, (_, i) => {
    const kind = kinds[i % kinds.length] ?? 'team';
    const ward = WARDS[i % WARDS.length] ?? 'AMU';
    const surname = SURNAMES[i % SURNAMES.length] ?? 'Smith';
    const name =
      kind === 'direct'
        ? `Dr ${String.fromCharCode(65 + (i % 26))}. ${surname} (${i})`
        : kind === 'forum'
          ? `${ward} forum ${i}`
          : kind === 'advice'
            ? `Cardiology Advice – ${ward} patient ${i}`
            : `${ward} team ${i}`;
    return { address: `c${i}@${D}`, name, kind, route: `/teams/${i}`, unread: 0 };
  });
  const unread = Object.fromEntries(
    items.filter((_, i) => i % 10 === 0).map((it, i) => [it.address, (i % 5) + 1]),
  );
  return buildSidebar(items, unread);
}

/** Long, right-to-left and hostile names, which must wrap/truncate and stay inert text. */
export function awkwardSidebarSections(): ChatSidebarSections {
  return buildSidebar(
    [
      { address: `long@${D}`, name: LONG_NAME, kind: 'direct', route: '/users/long' },
      { address: `rtl@${D}`, name: RTL_NAME, kind: 'direct', route: '/users/rtl' },
      {
        address: `rtlteam@muclight.${D}`,
        name: 'فريق قسم القلب – الجناح ٧',
        kind: 'team',
        route: '/teams/77',
      },
      { address: `xss@muclight.${D}`, name: `${XSS_IMG} Ward 9`, kind: 'team', route: '/teams/99' },
    ],
    { [`long@${D}`]: 250 },
  );
}

/**
 * Issue 35: a requester with two open requests to one advice team; each row's second line says
 * when it was asked, so the two "Cardiology Advice" rows can be told apart.
 */
export function twoAdviceRowsSections(): ChatSidebarSections {
  const advice = (id: number, detail: string): SidebarItem => ({
    address: `adv-${String(id)}@muclight.${D}`,
    name: 'Cardiology Advice',
    kind: 'advice',
    route: `/teams/31/advice-conversations/${String(id)}`,
    detail,
  });
  return buildSidebar(
    [...sidebarItems, advice(92, 'Asked 28/11/2026 09:14'), advice(93, 'Asked 28/11/2026 15:02')],
    {},
  );
}
