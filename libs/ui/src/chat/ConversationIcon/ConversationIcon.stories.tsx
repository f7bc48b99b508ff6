import { Group, Stack, Text } from '@mantine/core';
import type { ConversationKind, TeamIcon } from '@pando/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ConversationIcon } from './ConversationIcon';

const meta = {
  title: 'UI/Chat/ConversationIcon',
  component: ConversationIcon,
  tags: ['autodocs'],
  args: { kind: 'team', teamIcon: 'private' },
  decorators: [
    (Story) => (
      <Group p="md">
        <Story />
      </Group>
    ),
  ],
} satisfies Meta<typeof ConversationIcon>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The icon is decoration: the row or header beside it names the conversation. */
export const PrivateTeam: Story = {
  play: async ({ canvasElement }) => {
    const icon = canvasElement.querySelector('svg');
    await expect(icon).toHaveClass('tabler-icon-lock');
    await expect(icon).toHaveAttribute('aria-hidden', 'true');
    await expect(icon).toHaveAttribute('width', '18');
  },
};
export const DiscoverableTeam: Story = { args: { teamIcon: 'team' } };
export const Forum: Story = { args: { kind: 'forum', teamIcon: undefined } };
export const Direct: Story = { args: { kind: 'direct', teamIcon: undefined } };
export const Advice: Story = { args: { kind: 'advice', teamIcon: undefined } };
/** Header size (22 px), as in the chat header. */
export const Large: Story = {
  args: { size: 22 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('svg')).toHaveAttribute('width', '22');
  },
};

const ROWS: { label: string; kind: ConversationKind; teamIcon?: TeamIcon; icon: string }[] = [
  { label: 'Private team (not discoverable)', kind: 'team', teamIcon: 'private', icon: 'lock' },
  { label: 'Team (discoverable)', kind: 'team', teamIcon: 'team', icon: 'users' },
  { label: 'Forum', kind: 'forum', icon: 'users-group' },
  { label: 'Team flagged as a forum', kind: 'team', teamIcon: 'forum', icon: 'users-group' },
  { label: 'Direct message', kind: 'direct', icon: 'user' },
  { label: 'Advice request', kind: 'advice', icon: 'message-question' },
];

/** Spec 01 §3: private, team and forum read apart at a glance; people and advice too. */
export const Catalog: Story = {
  render: () => (
    <Stack gap="xs">
      {ROWS.map((row) => (
        <Group key={row.label} gap="sm" data-row={row.label}>
          <ConversationIcon kind={row.kind} {...(row.teamIcon ? { teamIcon: row.teamIcon } : {})} />
          <Text size="sm">{row.label}</Text>
        </Group>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    for (const row of ROWS) {
      const icon = canvasElement.querySelector(`[data-row="${row.label}"] svg`);
      await expect(icon).toHaveClass(`tabler-icon-${row.icon}`);
    }
  },
};
