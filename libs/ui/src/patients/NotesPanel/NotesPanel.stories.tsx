import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NotesPanel } from './NotesPanel';

const meta = {
  title: 'UI/Patients/NotesPanel',
  component: NotesPanel,
  tags: ['autodocs'],
  args: { notes: 'Admitted with chest pain.\nTroponin pending.', editable: true, onSave: fn() },
} satisfies Meta<typeof NotesPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const View: Story = {};
export const EditAndSave: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit notes' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Notes' }), ' Seen by cardio.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save notes' }));
    await expect(args.onSave).toHaveBeenCalledWith(
      'Admitted with chest pain.\nTroponin pending. Seen by cardio.',
    );
  },
};
export const Empty: Story = { args: { notes: null } };
export const ReadOnly: Story = { args: { editable: false } };
/** Markup in notes is text, never HTML. */
export const HostileText: Story = {
  args: { notes: '<img src=x onerror="alert(1)"> <script>alert(2)</script>' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};
