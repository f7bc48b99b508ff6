import { Button, Group, Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { LONG_NAME, RTL_NAME, XSS_IMG } from '../../testing/fixtures';
import { Dialog } from './Dialog';

const meta = {
  title: 'UI/Common/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  args: {
    opened: true,
    onClose: fn(),
    title: 'Leave Ward 7 Team?',
    children: (
      <>
        <Text>You will stop receiving this team&apos;s messages.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" data-autofocus>
            Stay
          </Button>
          <Button color="red">Leave team</Button>
        </Group>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The title names the dialog; the close button, Escape and a click outside all close it. No
 * second `banner` landmark beside the app header (the reason this wrapper exists).
 */
export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Leave Ward 7 Team?' });
    await waitFor(() => expect(within(dialog).getByText(/stop receiving/)).toBeVisible());
    await expect(within(dialog).queryByRole('banner')).toBeNull();
    await expect(dialog.querySelector('header')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(2);
  },
};

/** Focus starts on the element marked `data-autofocus` (the safe choice), not on Close. */
export const FocusesTheSafeChoice: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Stay' })).toHaveFocus());
  },
};

/** A closed dialog renders nothing. */
export const Closed: Story = {
  args: { opened: false },
  play: async () => {
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** A long title wraps beside the close button, which stays reachable. */
export const LongTitle: Story = {
  args: { title: `Remove ${LONG_NAME} from Cardiothoracic Intensive Care Night Team?`, size: 'sm' },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toBeVisible(),
    );
  },
};

export const RightToLeftTitle: Story = { args: { title: `مغادرة فريق ${RTL_NAME}؟` } };

/** XSS: a hostile team name in the title is text, not markup. */
export const HostileTitle: Story = {
  args: { title: `Leave ${XSS_IMG}?` },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: `Leave ${XSS_IMG}?` });
    await expect(dialog.querySelector('img')).toBeNull();
  },
};

export const Large: Story = {
  args: {
    size: 'xl',
    title: 'Discharge summary – Patel',
    children: (
      <Text>
        {'Admitted with chest pain; NSTEMI confirmed on serial troponin. Angiography showed a 90% LAD stenosis, stented. '.repeat(
          6,
        )}
      </Text>
    ),
  },
};
