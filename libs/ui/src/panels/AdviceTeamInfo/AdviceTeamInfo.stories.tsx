import { Box } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdviceTeamInfo } from './AdviceTeamInfo';

const meta = {
  title: 'UI/Panels/AdviceTeamInfo',
  component: AdviceTeamInfo,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <Box maw={360}>
        <Story />
      </Box>
    ),
  ],
  args: {
    teamName: 'Cardiology Advice',
    tips: [
      'Attach the latest ECG and troponin with the time taken.',
      'For STEMI call the cath lab directly on 2222; do not use advice.',
    ],
    resolvedIssues: [
      'New AF in a post-operative patient: rate control first, anticoagulation review at 48 h.',
      'Raised troponin with CKD stage 4: interpret the trend, not the single value.',
    ],
    members: [
      { id: 'bob', name: 'Bob Okafor', detail: 'Registrar', status: 'AVAILABLE' as const },
      {
        id: 'c1',
        name: 'Dr Hannah Weiss',
        detail: 'Consultant cardiologist',
        status: 'UNAVAILABLE' as const,
      },
    ],
  },
} satisfies Meta<typeof AdviceTeamInfo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CardiologyAdvice: Story = {};
export const NewTeamNothingYet: Story = { args: { tips: [], resolvedIssues: [], members: [] } };
/** Seen by the person asking: the team's members are not theirs to list. */
export const SeenByRequester: Story = { args: { members: undefined } };
