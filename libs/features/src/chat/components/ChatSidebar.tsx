import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  ADVICE_HISTORY_ROUTE,
  SIDEBAR_ADD_ROUTES,
  SIDEBAR_SECTION_TITLES,
  SIDEBAR_SECTIONS,
  type SidebarSections,
} from '@pando/domain';
import { IconPlus } from '@tabler/icons-react';
import type { MouseEvent } from 'react';

const ADD_LABEL = {
  teams: 'Create a team',
  direct: 'Start a direct message',
  advice: 'Ask a team for advice',
  forums: 'Find a forum',
} as const;

export interface ChatSidebarProps {
  sections: SidebarSections;
  /** The route of the open conversation, highlighted. */
  activeRoute?: string;
  onNavigate: (href: string) => void;
}

function plainClick(event: MouseEvent, href: string, onNavigate: (href: string) => void) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  onNavigate(href);
}

/**
 * Spec 01 §2 "Chat sidebar": Unread, Teams, Direct messages, Advice conversations, Forums, each
 * with its plus button; advice also links to the history. Rows are real links.
 */
export function ChatSidebar({ sections, activeRoute, onNavigate }: ChatSidebarProps) {
  return (
    <ScrollArea h="100%" component="nav" aria-label="Conversations">
      <Stack gap="md" p="sm">
        {SIDEBAR_SECTIONS.map((key) => {
          const rows = sections[key];
          if (key === 'unread' && rows.length === 0) return null;
          const headingId = `sidebar-${key}`;
          return (
            <section key={key} aria-labelledby={headingId}>
              <Group justify="space-between" wrap="nowrap" mb={4}>
                <Text id={headingId} component="h2" size="xs" fw={700} tt="uppercase" c="dimmed">
                  {SIDEBAR_SECTION_TITLES[key]}
                </Text>
                {key !== 'unread' ? (
                  <ActionIcon
                    component="a"
                    href={SIDEBAR_ADD_ROUTES[key]}
                    variant="subtle"
                    size="sm"
                    aria-label={ADD_LABEL[key]}
                    onClick={(event: MouseEvent) => {
                      plainClick(event, SIDEBAR_ADD_ROUTES[key], onNavigate);
                    }}
                  >
                    <IconPlus size={14} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {rows.map((row) => (
                  <li key={row.address}>
                    <NavLink
                      href={row.route}
                      label={row.name}
                      active={row.route === activeRoute}
                      // The light variant's primary-coloured label fails WCAG AA contrast on its
                      // own tinted background (axe); the text colour keeps 4.5:1.
                      styles={{ label: { color: 'var(--mantine-color-text)' } }}
                      fw={row.route === activeRoute ? 700 : undefined}
                      aria-current={row.route === activeRoute ? 'page' : undefined}
                      rightSection={
                        row.unread > 0 ? (
                          <Badge size="sm" circle>
                            {row.unread}
                            <VisuallyHidden> unread</VisuallyHidden>
                          </Badge>
                        ) : null
                      }
                      onClick={(event) => {
                        plainClick(event, row.route, onNavigate);
                      }}
                    />
                  </li>
                ))}
              </ul>
              {key === 'advice' ? (
                <Anchor
                  href={ADVICE_HISTORY_ROUTE}
                  size="sm"
                  onClick={(event: MouseEvent) => {
                    plainClick(event, ADVICE_HISTORY_ROUTE, onNavigate);
                  }}
                >
                  Advice history
                </Anchor>
              ) : null}
            </section>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
