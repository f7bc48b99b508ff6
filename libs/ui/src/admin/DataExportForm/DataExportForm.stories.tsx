import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DataExportForm, type DataExportFormProps } from './DataExportForm';

const onSend = fn<DataExportFormProps['onSend']>();

const meta = {
  title: 'UI/Admin/DataExportForm',
  component: DataExportForm,
  tags: ['autodocs'],
  args: {
    initial: { first_name: 'Nadia', last_name: 'Network', email: 'network.admin@example.org' },
    onSend,
  },
} satisfies Meta<typeof DataExportForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 02 §2: eight checkboxes; Send waits for at least one. */
export const Request: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(8);
    const send = canvas.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Messaging data' }));
    await userEvent.click(send);
    const sent = onSend.mock.calls[0]?.[0];
    await expect(sent?.email).toBe('network.admin@example.org');
    await expect(sent?.flags.messaging_data).toBe(true);
    await expect(sent?.flags.users).toBe(false);
  },
};
/** Each box shows its tick and a second click unticks it (the request carries only ticked sets). */
export const TickAndUntick: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const users = canvas.getByRole('checkbox', { name: 'Users' });
    await userEvent.click(users);
    await expect(users).toBeChecked();
    await userEvent.click(users);
    await expect(users).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};
export const ThankYou: Story = {
  args: { sent: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        'Thank you for your data request, our team will be in contact shortly to verify your details',
      ),
    ).toBeVisible();
  },
};
export const Failed: Story = {
  args: { error: 'There was an error on the server. The engineering team has been notified.' },
};
