import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BackToListButton } from './BackToListButton';

/** Only a phone shows it: switch the viewport toolbar to Phone. */
const meta = {
  title: 'UI/Shell/BackToListButton',
  component: BackToListButton,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { onBack: fn() },
} satisfies Meta<typeof BackToListButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Back to conversations' }),
    );
    await expect(args.onBack).toHaveBeenCalled();
  },
};
/** Beside the list (tablet and up) there is nothing to go back to. */
export const Tablet: Story = {
  globals: { viewport: { value: 'tablet', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};
