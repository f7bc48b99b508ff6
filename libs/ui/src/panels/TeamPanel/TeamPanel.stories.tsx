import { Box, SimpleGrid } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { LONG_NAME, RTL_NAME } from '../../testing/fixtures';
import { TeamPanel } from './TeamPanel';

const members = [
  {
    id: 'alice',
    name: 'Alice Morgan',
    detail: 'Staff nurse · Cardiology',
    status: 'AVAILABLE' as const,
  },
  {
    id: 'bob',
    name: 'Bob Okafor',
    detail: 'Registrar · Acute medicine',
    status: 'UNAVAILABLE' as const,
  },
  {
    id: 'priya',
    name: 'Dr Priya Raman',
    detail: 'Consultant · Cardiology',
    status: 'UNKNOWN' as const,
  },
];

const meta = {
  title: 'UI/Panels/TeamPanel',
  component: TeamPanel,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <Box maw={360}>
        <Story />
      </Box>
    ),
  ],
  args: {
    team: { name: 'Ward 7 Team', discoverable: false, auto_accept: false },
    members,
    isMember: true,
    selfId: 'alice',
    onRename: fn(),
    onAddMembers: fn(),
    onRemoveMember: fn(),
    onJoin: fn(),
    onLeave: fn(),
  },
} satisfies Meta<typeof TeamPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Member: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // Removing asks first (issue 35): Cancel removes nobody, Remove does.
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Bob Okafor' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove from team' });
    await waitFor(() =>
      expect(within(ask).getByText(/Remove Bob Okafor from Ward 7 Team\?/)).toBeVisible(),
    );
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await expect(args.onRemoveMember).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Bob Okafor' }));
    const again = await screen.findByRole('dialog', { name: 'Remove from team' });
    await userEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    await expect(args.onRemoveMember).toHaveBeenCalledWith(expect.objectContaining({ id: 'bob' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByText(/Are you sure you want to leave Ward 7 Team/)).toBeVisible(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await expect(args.onLeave).toHaveBeenCalled();
  },
};

export const RenameWithKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename team' }));
    const input = canvas.getByRole('textbox', { name: /Team name/ });
    await userEvent.clear(input);
    await userEvent.type(input, 'Ward 7 Nursing{Enter}');
    await expect(args.onRename).toHaveBeenCalledWith('Ward 7 Nursing');
  },
};

export const NonMemberOfDiscoverableTeam: Story = {
  args: {
    isMember: false,
    team: { name: 'Cardiology registrars', discoverable: true, auto_accept: false },
  },
};
export const NonMemberOfForum: Story = {
  args: {
    isMember: false,
    team: { name: 'Junior Doctors Forum', discoverable: true, auto_accept: true },
  },
};
export const NonMemberOfPrivateTeam: Story = { args: { isMember: false } };
/** A forum member leaves a forum, not a team (issue 35). */
export const MemberOfForum: Story = {
  args: { team: { name: 'Junior Doctors Forum', discoverable: true, auto_accept: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Leave forum' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Leave team' })).toBeNull();
  },
};
/** The member list is loading: it says so, and the count beside it is the team's. */
export const MembersLoading: Story = {
  args: { members: [], memberCount: 11, membersLoading: true, isMember: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('11 members')).toBeVisible();
    await expect(canvas.queryByText('No members yet.')).toBeNull();
  },
};
export const NoMembers: Story = { args: { members: [] } };
export const LongAndRightToLeftNames: Story = {
  args: {
    team: { name: LONG_NAME, discoverable: false, auto_accept: false },
    members: [...members, { id: 'rtl', name: RTL_NAME, detail: 'طبيب مقيم · أمراض القلب' }],
  },
};

/** Member, non-member of a team, of a forum and of a private team, side by side. */
export const Catalog: Story = {
  decorators: [(Story) => <Story />],
  render: (args) => (
    <SimpleGrid cols={4} spacing="md" p="md">
      <TeamPanel {...args} label="Team details: member" />
      <TeamPanel
        {...args}
        label="Team details: discoverable team"
        isMember={false}
        team={{ name: 'Cardiology registrars', discoverable: true, auto_accept: false }}
      />
      <TeamPanel
        {...args}
        label="Team details: forum"
        isMember={false}
        team={{ name: 'Junior Doctors Forum', discoverable: true, auto_accept: true }}
      />
      <TeamPanel {...args} label="Team details: private team" isMember={false} />
    </SimpleGrid>
  ),
};
