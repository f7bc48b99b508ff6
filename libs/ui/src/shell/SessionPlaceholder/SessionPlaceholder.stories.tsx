import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SessionPlaceholder } from './SessionPlaceholder';

const meta = {
  title: 'UI/Shell/SessionPlaceholder',
  component: SessionPlaceholder,
  tags: ['autodocs'],
  args: { onRetry: fn(), onLogin: fn() },
} satisfies Meta<typeof SessionPlaceholder>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SessionError: Story = {};
export const RetryOnly: Story = { args: { onLogin: undefined } };
