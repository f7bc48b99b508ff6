import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { InlineRename } from './InlineRename';

const meta = {
  title: 'UI/Panels/InlineRename',
  component: InlineRename,
  tags: ['autodocs'],
  args: { name: 'Ward 7 Team', onRename: fn(), editable: true },
} satisfies Meta<typeof InlineRename>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 01 §5: Enter or Tab saves an inline edit; Escape cancels it. */
export const EnterSaves: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename team' }));
    const field = canvas.getByRole('textbox', { name: 'Team name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Ward 7 Night Team{Enter}');
    await expect(args.onRename).toHaveBeenCalledWith('Ward 7 Night Team');
  },
};
export const NotEditable: Story = { args: { editable: false } };
