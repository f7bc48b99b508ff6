import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { UserDetailCard } from './UserDetailCard';

const meta = {
  title: 'UI/Admin/UserDetailCard',
  component: UserDetailCard,
  tags: ['autodocs'],
  args: {
    user: {
      id: 4,
      uuid: '00000000-0000-4000-8000-000000000004',
      created_at: '2025-05-01T00:00:00.000Z',
      email: 'bob@example.org',
      first_name: 'Bob',
      last_name: 'Brown',
      role: { role: 'USER_VERIFIED', description: 'Consultant' },
      speciality: 'Cardiology',
      phone: '+44 7700 900123',
      gdpr_accepted: true,
      starred: false,
      keep_me_updated: false,
      blocked: false,
      status: 'AVAILABLE',
      access_level: 'USER_VERIFIED',
      hospital: {
        id: 1,
        uuid: '00000000-0000-4000-8000-0000000000a1',
        name: 'St Elsewhere General',
      },
      premium_features: {},
    },
    lastActive: '2 minutes ago',
  },
} satisfies Meta<typeof UserDetailCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Read-only, with availability and last active from the chat server. */
export const Detail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Available')).toBeVisible();
    await expect(canvas.getByText('2 minutes ago')).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};
export const Unknown: Story = {
  args: { lastActive: 'Unknown' },
  render: (args) => (
    <UserDetailCard {...args} user={{ ...args.user, status: 'UNKNOWN', phone: null }} />
  ),
};
