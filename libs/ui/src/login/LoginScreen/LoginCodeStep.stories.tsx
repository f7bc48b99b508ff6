import { Box } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RTL_NAME, XSS_IMG } from '../../testing/fixtures';
import { LoginCodeStep } from './LoginCodeStep';

const meta = {
  title: 'UI/Login/LoginCodeStep',
  component: LoginCodeStep,
  tags: ['autodocs'],
  args: {
    status: 'idle',
    emailSentTo: 'alice@example.org',
    onSubmitCode: fn(),
    onBack: fn(),
  },
  decorators: [
    (Story) => (
      <Box p="md" maw={400}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof LoginCodeStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 01 §5: a code without a dash is sent as soon as its sixth character is typed. */
export const AutoSubmitsSixCharacters: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Email sent to alice@example.org');
    const field = canvas.getByLabelText(/Login code/);
    await expect(field).toHaveFocus();
    await userEvent.type(field, 'AB3D9');
    await expect(canvas.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await userEvent.type(field, 'F');
    await expect(args.onSubmitCode).toHaveBeenCalledTimes(1);
    await expect(args.onSubmitCode).toHaveBeenCalledWith('AB3D9F');
  },
};

/** With a dash the code is complete at seven characters, not six. */
export const AutoSubmitsSevenWithADash: Story = {
  play: async ({ canvasElement, args }) => {
    const field = within(canvasElement).getByLabelText(/Login code/);
    await userEvent.type(field, 'AB3-D9');
    await expect(args.onSubmitCode).not.toHaveBeenCalled();
    await userEvent.type(field, 'F');
    await expect(args.onSubmitCode).toHaveBeenCalledWith('AB3-D9F');
  },
};

/** A rejected code is not re-sent on its own; the person edits it or presses Log in. */
export const InvalidCode: Story = {
  args: { codeError: 'Invalid code', defaultCode: 'AB3-D9F' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText(/Login code/);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Invalid code')).toBeVisible();
    await expect(args.onSubmitCode).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Log in' }));
    await expect(args.onSubmitCode).toHaveBeenCalledWith('AB3-D9F');
  },
};

/** While the code is checked: the button spins, "Use a different email" waits. */
export const Loading: Story = {
  args: { status: 'loading', defaultCode: 'AB3D9F' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Use a different email' })).toBeDisabled();
  },
};

export const BackToEmail: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Use a different email' }),
    );
    await expect(args.onBack).toHaveBeenCalled();
  },
};

/** Legacy browser: the field and Log in are disabled. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(/Login code/)).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Log in' })).toBeDisabled();
  },
};

/** A long address wraps inside the form instead of widening the page. */
export const LongAddress: Story = {
  args: {
    emailSentTo:
      'consultant.cardiothoracic.surgery.and.intensive.care@st-elsewhere-general-hospital.nhs.uk',
  },
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector('form');
    await expect(form?.scrollWidth).toBeLessThanOrEqual(form?.clientWidth ?? 0);
  },
};
export const RightToLeftAddress: Story = { args: { emailSentTo: `${RTL_NAME}@مستشفى.example` } };

/** XSS: whatever address the request echoed is shown as text. */
export const HostileAddress: Story = {
  args: { emailSentTo: `${XSS_IMG}@example.org` },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      `Email sent to ${XSS_IMG}@example.org`,
    );
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const NoAddress: Story = { args: { emailSentTo: undefined } };
