import { Group, Text, UnstyledButton } from '@mantine/core';
import {
  displayName,
  isAdviceTeam,
  personDetail,
  teamIcon,
  type SearchResult,
} from '@pando/domain';
import { IconMessageQuestion } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { StatusIndicator } from '../../common/StatusIndicator';
import { isPlainClick } from '../../common/navigation';
import { ConversationIcon } from '../../chat/ConversationIcon';

/** The name and the second line of a result, as people read them. */
export function describeResult(result: SearchResult): { name: string; detail: string } {
  if (result.type === 'USER') {
    return { name: displayName(result.data), detail: personDetail(result.data) };
  }
  const t = result.data;
  const kind = isAdviceTeam(t) ? 'Ask advice' : t.discoverable && t.auto_accept ? 'Forum' : 'Team';
  const count = t.user_ids.length;
  return { name: t.name, detail: `${kind} · ${count === 1 ? '1 member' : `${count} members`}` };
}

export interface SearchResultRowProps {
  /** The person, team, forum or advice team found. */
  result: SearchResult;
  /** Selected in a picker. */
  trailing?: ReactNode;
  /** Called on a click (picker rows). */
  onClick?: () => void;
  /** Renders a link (search page) rather than a button (picker). */
  href?: string;
}

/** One result: icon, name, role/hospital or team kind, availability for people. */
export function SearchResultRow({ result, trailing, onClick, href }: SearchResultRowProps) {
  const { name, detail } = describeResult(result);
  const icon =
    result.type === 'USER' ? (
      <ConversationIcon kind="direct" size={20} />
    ) : isAdviceTeam(result.data) ? (
      <IconMessageQuestion size={20} aria-hidden />
    ) : (
      <ConversationIcon kind="team" teamIcon={teamIcon(result.data)} size={20} />
    );
  const body = (
    <Group gap="sm" wrap="nowrap" justify="space-between" w="100%">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {icon}
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end" dir="auto" title={name}>
            {name}
          </Text>
          {detail ? (
            <Text size="xs" c="dimmed" truncate="end" dir="auto">
              {detail}
            </Text>
          ) : null}
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {result.type === 'USER' ? (
          <StatusIndicator status={result.data.status} withLabel={false} />
        ) : null}
        {trailing}
      </Group>
    </Group>
  );
  return (
    <UnstyledButton
      {...(href ? { component: 'a' as const, href } : {})}
      onClick={(event: MouseEvent<HTMLElement>) => {
        if (!onClick) return;
        if (href && !isPlainClick(event)) return;
        event.preventDefault();
        onClick();
      }}
      px="sm"
      py="xs"
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'block' }}
    >
      {body}
    </UnstyledButton>
  );
}
