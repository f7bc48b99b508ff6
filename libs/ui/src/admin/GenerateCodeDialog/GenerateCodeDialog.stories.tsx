import type { Meta, StoryObj } from '@storybook/react-vite';
import { TEXTS } from '@pando/domain';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { GenerateCodeDialog } from './GenerateCodeDialog';

const meta = {
  title: 'UI/Admin/GenerateCodeDialog',
  component: GenerateCodeDialog,
  tags: ['autodocs'],
  args: { state: { state: 'code', code: 'ABC-123' }, personName: 'Bob Brown', onClose: fn() },
} satisfies Meta<typeof GenerateCodeDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §5: 3 characters, a dash, 3 characters, upper case. */
export const Code: Story = {
  play: async ({ args }) => {
    await expect(await screen.findByText('ABC-123')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
export const Loading: Story = { args: { state: { state: 'loading' } } };
/** Spec 02 §4: a 409 — the person must first start login in the app. */
export const StartLoginFirst: Story = {
  args: { state: { state: 'startLoginFirst', message: TEXTS.startLoginFirst } },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('must first start logging in');
  },
};
export const Failed: Story = {
  args: { state: { state: 'error', message: TEXTS.unableToGetCode } },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to generate an auth code',
    );
  },
};
