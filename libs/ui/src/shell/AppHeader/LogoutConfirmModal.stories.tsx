import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { LogoutConfirmModal } from './LogoutConfirmModal';

const meta = {
  title: 'UI/Shell/LogoutConfirmModal',
  component: LogoutConfirmModal,
  tags: ['autodocs'],
  args: { opened: true, onClose: fn(), onConfirm: fn() },
} satisfies Meta<typeof LogoutConfirmModal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 01 §2: the question names the product; focus starts on Cancel, the safe choice. */
export const Open: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Log out' }));
    await waitFor(() =>
      expect(dialog.getByText('Are you sure you want to log out from Pando?')).toBeVisible(),
    );
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(dialog.getByRole('button', { name: 'Log out' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Cancel and Escape keep the session. */
export const CancelKeepsTheSession: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Log out' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(2);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** While the logout request runs the confirm button spins. */
export const LoggingOut: Story = {
  args: { loading: true },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Log out' }));
    const confirm = dialog.getByRole('button', { name: 'Log out' });
    await expect(confirm).toBeDisabled();
    await expect(confirm).toHaveAttribute('data-loading', 'true');
  },
};

/** The white-label product name (spec 02), long or right to left, wraps inside the dialog. */
export const LongProductName: Story = {
  args: { productName: 'St Elsewhere General Hospital Clinical Messaging and Handover' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    await waitFor(() =>
      expect(
        within(dialog).getByText(/St Elsewhere General Hospital Clinical Messaging and Handover\?/),
      ).toBeVisible(),
    );
  },
};
export const RightToLeftProductName: Story = { args: { productName: 'بانـدو' } };

export const Closed: Story = {
  args: { opened: false },
  play: async () => {
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/**
 * Issue 37: messages still waiting to be sent are deleted from the device at logout (the outbox
 * is not encrypted, and a shared computer keeps nothing): the dialog says so before the person
 * confirms.
 */
export const MessagesWaiting: Story = {
  args: { queuedMessages: 2 },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Log out' }));
    await expect(
      dialog.getByText(
        '2 messages have not been sent yet. If you log out now, they are deleted from this device.',
      ),
    ).toBeVisible();
  },
};
