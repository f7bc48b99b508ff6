import { List, Stack, Text, Title } from '@mantine/core';
import { MemberList, type PanelMember } from '../MemberList';

export interface AdviceTeamInfoProps {
  /** The advice team's name, as the panel's heading. */
  teamName: string;
  /** public_data.tips */
  tips: readonly string[];
  /** public_data.resolved_issues */
  resolvedIssues: readonly string[];
  /** The team's members; the section is left out when the viewer may not see them. */
  members?: readonly PanelMember[];
}

function Section({
  title,
  items,
  empty,
}: {
  title: string;
  items: readonly string[];
  empty: string;
}) {
  return (
    <div>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {items.map((item, i) => (
            <List.Item key={i}>
              <span dir="auto">{item}</span>
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

/** Spec 01 §2 advice team info: resolved issues, tips and members of an advice team. */
export function AdviceTeamInfo({ teamName, tips, resolvedIssues, members }: AdviceTeamInfoProps) {
  return (
    <Stack gap="md" p="md" component="aside" aria-label="Advice team">
      <Title order={2} size="h4" dir="auto">
        {teamName}
      </Title>
      <Section title="Tips" items={tips} empty="No tips yet." />
      <Section title="Resolved issues" items={resolvedIssues} empty="No resolved issues yet." />
      {members ? (
        <div>
          <Title order={3} size="h5" mb="xs">
            Members
          </Title>
          <MemberList members={members} />
        </div>
      ) : null}
    </Stack>
  );
}
