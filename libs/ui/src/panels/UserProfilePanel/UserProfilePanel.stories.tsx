import { Box } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { LONG_NAME, RTL_NAME, XSS_IMG } from '../../testing/fixtures';
import { UserProfilePanel } from './UserProfilePanel';

const meta = {
  title: 'UI/Panels/UserProfilePanel',
  component: UserProfilePanel,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <Box maw={360}>
        <Story />
      </Box>
    ),
  ],
  args: {
    user: {
      first_name: 'Priya',
      last_name: 'Raman',
      role: 'Consultant cardiologist',
      speciality: 'Cardiology',
      hospital: 'St Elsewhere General',
      status: 'AVAILABLE',
      email: 'priya.raman@stelsewhere.example.org',
      teams: ['Cardiology Advice', 'Ward 7 Team', 'CCU on-call'],
    },
  },
} satisfies Meta<typeof UserProfilePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Consultant: Story = {};
export const SparseProfile: Story = {
  args: {
    user: {
      first_name: 'Carol',
      last_name: 'Ng',
      status: 'UNKNOWN',
      teams: [],
      role: null,
      speciality: null,
      hospital: 'Riverside Hospital',
      email: null,
    },
  },
};
export const LongRightToLeftAndHostile: Story = {
  args: {
    user: {
      first_name: RTL_NAME,
      last_name: XSS_IMG,
      role: LONG_NAME,
      speciality: 'أمراض القلب',
      hospital: 'St Elsewhere General',
      status: 'UNAVAILABLE',
      email: 'layla@example.org',
      teams: ['فريق القلب', XSS_IMG],
    },
  },
};
