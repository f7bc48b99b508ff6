import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyTasks } from '../fixtures';
import { TasksPanel } from './TasksPanel';

const meta = {
  title: 'UI/Patients/TasksPanel',
  component: TasksPanel,
  tags: ['autodocs'],
  args: {
    tasks: storyTasks,
    editable: true,
    onAdd: fn(),
    onToggle: fn(),
    onRename: fn(),
    completedByName: (id: number) => (id === 5 ? 'Alice Adams' : undefined),
  },
} satisfies Meta<typeof TasksPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 01 §4: completed tasks are listed under 'Completed tasks' with who completed them. */
export const OpenAndCompleted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Completed tasks')).toBeVisible();
    await expect(canvas.getByText('Completed by Alice Adams')).toBeVisible();
  },
};
export const AddAndComplete: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'New task' }), 'Call GP{Enter}');
    await expect(args.onAdd).toHaveBeenCalledWith('Call GP');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Complete Bloods' }));
    await expect(args.onToggle).toHaveBeenCalledWith(storyTasks[0], true);
  },
};
export const Empty: Story = { args: { tasks: [] } };
export const ReadOnly: Story = {
  args: { editable: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.getByRole('checkbox', { name: 'Complete Bloods' })).toBeDisabled();
  },
};
