import { Divider, NavLink, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { interceptPlainClick } from '../../common/navigation';

export interface ManageNavProps {
  /** The entries the viewer may open, in order (domain `manageMenu`). */
  items: readonly { label: string; route: string }[];
  /** The current path; the entry it falls under is marked current. */
  pathname: string;
  /** Opens an entry through the router. */
  onNavigate: (route: string) => void;
  /** The external support link (spec 02 §2). */
  supportHref: string;
  /** The external knowledge-base link (spec 02 §2). */
  knowledgeBaseHref: string;
  /**
   * Shows the small "Management" heading above the entries. Off where the page already names the
   * menu (the phone's "Management" burger bar), so the list is not titled twice. @default true
   */
  withHeading?: boolean;
}

/** Which entry a path belongs to: the longest route that prefixes it (/manage only exactly). */
function activeRoute(items: readonly { route: string }[], pathname: string): string | undefined {
  const path = pathname.replace(/\/$/, '') || '/';
  return items
    .map((i) => i.route)
    .filter((r) => (r === '/manage' ? path === r : path === r || path.startsWith(`${r}/`)))
    .sort((a, b) => b.length - a.length)[0];
}

/** The manage sidebar: the console's pages, then external Support and Knowledge base links. */
export function ManageNav({
  items,
  pathname,
  onNavigate,
  supportHref,
  knowledgeBaseHref,
  withHeading = true,
}: ManageNavProps) {
  const active = activeRoute(items, pathname);
  return (
    <Stack component="nav" aria-label="Management" gap={2}>
      {withHeading ? (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
          Management
        </Text>
      ) : null}
      {items.map((item) => (
        <NavLink
          key={item.route}
          href={item.route}
          label={item.label}
          active={item.route === active}
          aria-current={item.route === active ? 'page' : undefined}
          onClick={(e) => {
            interceptPlainClick(e, item.route, onNavigate);
          }}
        />
      ))}
      <Divider my="xs" />
      <NavLink
        href={supportHref}
        label="Support"
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<IconExternalLink size={14} aria-label="(opens in a new tab)" />}
      />
      <NavLink
        href={knowledgeBaseHref}
        label="Knowledge base"
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<IconExternalLink size={14} aria-label="(opens in a new tab)" />}
      />
    </Stack>
  );
}
