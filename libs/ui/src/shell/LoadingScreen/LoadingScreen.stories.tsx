import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoadingScreen } from './LoadingScreen';

const meta = {
  title: 'UI/Shell/LoadingScreen',
  component: LoadingScreen,
  tags: ['autodocs'],
} satisfies Meta<typeof LoadingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Session: Story = {};
export const Conversations: Story = {
  args: { label: 'Loading teams, forums and advice conversations…', fullScreen: false },
};
