import { ActionIcon, Anchor, Badge, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import {
  ADVICE_HISTORY_ROUTE,
  SIDEBAR_ADD_ROUTES,
  SIDEBAR_SECTION_TITLES,
  SIDEBAR_SECTIONS,
  type SidebarItem,
  type SidebarSection,
  type TeamIcon,
} from '@pando/domain';
import { IconHistory, IconPlus } from '@tabler/icons-react';
import { memo, useId } from 'react';
import { interceptPlainClick } from '../../common/navigation';
import { ConversationIcon } from '../ConversationIcon';
import './ChatSidebar.css';

/** A sidebar row: the domain's item with its unread count and, for teams, its icon. */
export type ChatSidebarItem = SidebarItem & { unread: number; teamIcon?: TeamIcon };
export type ChatSidebarSections = Record<SidebarSection, ChatSidebarItem[]>;

const ADD_LABELS: Record<Exclude<SidebarSection, 'unread'>, string> = {
  teams: 'Create a team',
  direct: 'Start a direct message',
  advice: 'Ask a team for advice',
  forums: 'Find a forum',
};

export interface ChatSidebarProps {
  /** The rows per section, as `buildSidebar` sorts and splits them. */
  sections: ChatSidebarSections;
  /** The open conversation's address, highlighted. */
  activeAddress?: string;
  /** Receives routes on plain clicks (rows, plus buttons, the advice history link). */
  onNavigate: (route: string) => void;
  /** Skeleton rows while teams, forums and advice conversations load. @default false */
  loading?: boolean;
  /** The navigation landmark's name; unique per page. @default 'Conversations' */
  label?: string;
  /**
   * A quiet line above the lists when they come from the offline copy (issue 37):
   * "Updating…" or "Offline — last updated 10:42". @default none
   */
  freshness?: string | null;
}

function unreadLabel(count: number): string {
  return count === 1 ? '1 unread message' : `${count} unread messages`;
}

interface SidebarRowProps {
  item: ChatSidebarItem;
  active: boolean;
  onNavigate: (route: string) => void;
}

/**
 * A row is a plain link (ChatSidebar.css), not a Mantine NavLink + Text: at 200 rows those two
 * components were the chat list's largest first-render cost on a 4x-throttled CPU (issue 16).
 * Rows are rebuilt (new objects) on every unread change; re-rendering only the rows whose
 * visible fields changed keeps a live update of a 200-row sidebar to a few rows of work.
 */
function sameRow(a: SidebarRowProps, b: SidebarRowProps): boolean {
  return (
    a.active === b.active &&
    a.onNavigate === b.onNavigate &&
    a.item.address === b.item.address &&
    a.item.name === b.item.name &&
    a.item.detail === b.item.detail &&
    a.item.route === b.item.route &&
    a.item.kind === b.item.kind &&
    a.item.unread === b.item.unread &&
    a.item.teamIcon === b.item.teamIcon
  );
}

const SidebarRow = memo(function SidebarRow({ item, active, onNavigate }: SidebarRowProps) {
  const name = (
    <span
      className="pando-sidebar-row-name"
      {...(item.unread > 0 || active ? { 'data-strong': true } : {})}
      title={item.name}
    >
      {item.name}
    </span>
  );
  return (
    <a
      href={item.route}
      className="pando-sidebar-row mantine-focus-auto"
      aria-current={active ? 'page' : undefined}
      onClick={(event) => {
        interceptPlainClick(event, item.route, onNavigate);
      }}
    >
      <ConversationIcon kind={item.kind} {...(item.teamIcon ? { teamIcon: item.teamIcon } : {})} />
      {item.detail ? (
        // Two lines: the name, and what tells it apart from a row of the same name.
        <span className="pando-sidebar-row-text">
          {name}
          <span className="pando-sidebar-row-detail">{item.detail}</span>
        </span>
      ) : (
        name
      )}
      {item.unread > 0 ? (
        <Badge
          size="sm"
          variant="filled"
          circle={item.unread < 10}
          aria-label={unreadLabel(item.unread)}
          style={{ flex: 'none' }}
        >
          {item.unread > 99 ? '99+' : item.unread}
        </Badge>
      ) : null}
    </a>
  );
}, sameRow);

function Section({
  section,
  items,
  activeAddress,
  onNavigate,
}: {
  section: SidebarSection;
  items: ChatSidebarItem[];
  activeAddress: string | undefined;
  onNavigate: (route: string) => void;
}) {
  const headingId = useId();
  const title = SIDEBAR_SECTION_TITLES[section];
  // The Unread section only exists while something is unread.
  if (section === 'unread' && items.length === 0) return null;
  const addRoute = section === 'unread' ? null : SIDEBAR_ADD_ROUTES[section];

  return (
    <div role="group" aria-labelledby={headingId}>
      <Group justify="space-between" px="sm" pt="sm" pb={2} wrap="nowrap">
        <Text id={headingId} component="h3" size="xs" fw={700} tt="uppercase" c="dimmed">
          {title}
        </Text>
        <Group gap={2} wrap="nowrap">
          {section === 'advice' ? (
            <Tooltip label="Advice history">
              <ActionIcon
                component="a"
                href={ADVICE_HISTORY_ROUTE}
                variant="subtle"
                color="gray"
                size="sm"
                aria-label="Advice history"
                onClick={(event) => {
                  interceptPlainClick(event, ADVICE_HISTORY_ROUTE, onNavigate);
                }}
              >
                <IconHistory size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {addRoute && section !== 'unread' ? (
            <Tooltip label={ADD_LABELS[section]}>
              <ActionIcon
                component="a"
                href={addRoute}
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={ADD_LABELS[section]}
                onClick={(event) => {
                  interceptPlainClick(event, addRoute, onNavigate);
                }}
              >
                <IconPlus size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" px="sm" py={4}>
          {section === 'advice' ? (
            <>
              No open advice conversations.{' '}
              <Anchor
                href={SIDEBAR_ADD_ROUTES.advice}
                size="sm"
                onClick={(event) => {
                  interceptPlainClick(event, SIDEBAR_ADD_ROUTES.advice, onNavigate);
                }}
              >
                Ask for advice
              </Anchor>
            </>
          ) : (
            'None yet'
          )}
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <li key={item.address}>
              <SidebarRow
                item={item}
                active={item.address === activeAddress}
                onNavigate={onNavigate}
              />
            </li>
          ))}
        </Stack>
      )}
    </div>
  );
}

/**
 * The chat sidebar at / (spec 01 §2): Unread, Teams (+), Direct messages (+), Advice
 * conversations (+ and history), Forums (+). Rows are real links, all in the DOM (no
 * virtualisation), so find-in-page and screen-reader lists keep working; off-screen rows skip
 * layout and paint (`content-visibility: auto` in ChatSidebar.css).
 */
export function ChatSidebar({
  sections,
  activeAddress,
  onNavigate,
  loading = false,
  label = 'Conversations',
  freshness,
}: ChatSidebarProps) {
  return (
    <Stack component="nav" aria-label={label} gap={0} pb="md">
      <Text size="xs" c="dimmed" px="sm" pt={freshness ? 'xs' : 0} role="status">
        {freshness}
      </Text>
      {loading ? (
        <Stack gap="xs" p="sm" role="status" aria-busy="true" aria-label="Loading conversations">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={28} radius="sm" />
          ))}
        </Stack>
      ) : (
        SIDEBAR_SECTIONS.map((section) => (
          <Section
            key={section}
            section={section}
            items={sections[section]}
            activeAddress={activeAddress}
            onNavigate={onNavigate}
          />
        ))
      )}
    </Stack>
  );
}
