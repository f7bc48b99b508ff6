import { Box } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EmailAddressForm } from './EmailAddressForm';

const meta = {
  title: 'UI/Pickers/EmailAddressForm',
  component: EmailAddressForm,
  tags: ['autodocs'],
  args: { onSend: fn(), onCancel: fn() },
  decorators: [
    (Story) => (
      <Box p="md" maw={440}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof EmailAddressForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: Send is disabled and no warning is shown before anything is typed. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(canvas.queryByText(/Enter an address like/)).toBeNull();
  },
};

/** Spec 01 §5: an @ before the last dot, trimmed; Enter sends like the button. */
export const ValidatesAndSends: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Email address' });
    await userEvent.type(field, 'priya.raman.nhs@uk');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Enter an address like name@hospital.org')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '  priya.raman@stelsewhere.nhs.uk {Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('priya.raman@stelsewhere.nhs.uk');
  },
};

/** Pre-filled with the person's own address, ready to send. */
export const Prefilled: Story = {
  args: { defaultEmail: 'alice@example.org' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(args.onSend).toHaveBeenCalledWith('alice@example.org');
  },
};

/** While sending: the button spins and Enter does not send twice. */
export const Sending: Story = {
  args: { defaultEmail: 'alice@example.org', sending: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Send' })).toHaveAttribute(
      'data-loading',
      'true',
    );
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email address' }), '{Enter}');
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const Cancel: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

/** The caller names the action, e.g. exporting an advice conversation. */
export const CustomSendLabel: Story = {
  args: { defaultEmail: 'alice@example.org', sendLabel: 'Export to email' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Export to email' }),
    ).toBeEnabled();
  },
};

export const LongAddress: Story = {
  args: {
    defaultEmail:
      'consultant.cardiothoracic.surgery.and.intensive.care@st-elsewhere-general-hospital.nhs.uk',
  },
};
