import { Box } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoginEmailStep, type LoginEmailStepProps } from './LoginEmailStep';

/** Keeps the field controlled, as the login screen's owner does, so typing works. */
function StatefulEmailStep(props: LoginEmailStepProps) {
  const [email, setEmail] = useState(props.email);
  return (
    <LoginEmailStep
      {...props}
      email={email}
      onEmailChange={(next) => {
        setEmail(next);
        props.onEmailChange(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/Login/LoginEmailStep',
  component: LoginEmailStep,
  tags: ['autodocs'],
  args: { email: '', status: 'idle', onEmailChange: fn(), onRequestCode: fn() },
  render: (args) => (
    <Box p="md" maw={400}>
      <StatefulEmailStep {...args} />
    </Box>
  ),
} satisfies Meta<typeof LoginEmailStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: no warning yet (nothing is wrong), but no code can be requested. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Request code' })).toBeDisabled();
    await expect(canvas.getByLabelText(/Email address/)).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** Spec 01 §5: the address is checked as it is typed; Enter requests the code, trimmed. */
export const TypeAndRequest: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText(/Email address/);
    await userEvent.type(field, 'alice@stelsewhere');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText(/Enter a valid work email address/)).toBeVisible();
    await userEvent.type(field, '.nhs.uk {Enter}');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await expect(args.onRequestCode).toHaveBeenCalledWith('alice@stelsewhere.nhs.uk');
  },
};

export const Invalid: Story = { args: { email: 'alice@stelsewhere' } };

/** While the request runs the button spins, and Enter does not send a second request. */
export const Loading: Story = {
  args: { email: 'bob.registrar@stelsewhere.nhs.uk', status: 'loading' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Request code' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('data-loading', 'true');
    await userEvent.type(canvas.getByLabelText(/Email address/), '{Enter}');
    await expect(args.onRequestCode).not.toHaveBeenCalled();
  },
};

/** Legacy browser (spec 01 §2): nothing can be typed or sent. */
export const Disabled: Story = {
  args: { email: 'alice@example.org', disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(/Email address/)).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Request code' })).toBeDisabled();
  },
};

/** A long trust address scrolls inside the field; the form keeps its width. */
export const LongAddress: Story = {
  args: {
    email:
      'consultant.cardiothoracic.surgery.and.intensive.care@st-elsewhere-general-hospital.nhs.uk',
  },
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector('form');
    await expect(form?.scrollWidth).toBeLessThanOrEqual(form?.clientWidth ?? 0);
    await expect(within(canvasElement).getByRole('button', { name: 'Request code' })).toBeEnabled();
  },
};
