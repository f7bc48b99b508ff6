import type { Meta, StoryObj } from '@storybook/react-vite';
import { RTL_NAME } from '../../testing/fixtures';
import { WelcomeEmptyState } from './WelcomeEmptyState';

const meta = {
  title: 'UI/Shell/WelcomeEmptyState',
  component: WelcomeEmptyState,
  tags: ['autodocs'],
} satisfies Meta<typeof WelcomeEmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Anonymous: Story = {};
export const Greeting: Story = { args: { firstName: 'Alice' } };
export const RightToLeft: Story = { args: { firstName: RTL_NAME } };
