import { SimpleGrid } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoginScreen, type LoginScreenProps } from './LoginScreen';

/** Keeps the email field controlled, as the login feature does, so typing works in stories. */
function StatefulLoginScreen(props: LoginScreenProps) {
  const [email, setEmail] = useState(props.email);
  return (
    <LoginScreen
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
  title: 'UI/Login/LoginScreen',
  component: LoginScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    step: 'email',
    email: '',
    status: 'idle',
    productName: 'Pando',
    onEmailChange: fn(),
    onRequestCode: fn(),
    onSubmitCode: fn(),
    onBack: fn(),
  },
  render: (args) => <StatefulLoginScreen {...args} />,
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A ward nurse types her work email and requests a code. */
export const EmailStep: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Request code' });
    await expect(button).toBeDisabled();
    await userEvent.type(canvas.getByLabelText(/Email address/), 'alice.nurse@stelsewhere.nhs.uk');
    await expect(button).toBeEnabled();
    await userEvent.click(button);
    await expect(args.onRequestCode).toHaveBeenCalledWith('alice.nurse@stelsewhere.nhs.uk');
  },
};

/** An address without a dot fails the rule: warning shown, button disabled. */
export const EmailInvalid: Story = {
  args: { email: 'alice@stelsewhere' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(/Email address/)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('button', { name: 'Request code' })).toBeDisabled();
  },
};

/** The code step auto-submits as soon as the sixth character is typed. */
export const CodeStep: Story = {
  args: { step: 'code', email: 'alice@example.org', emailSentTo: 'alice@example.org' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Email sent to alice@example.org')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/Login code/), 'AB3-D9');
    await expect(args.onSubmitCode).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByLabelText(/Login code/), 'F');
    await expect(args.onSubmitCode).toHaveBeenCalledWith('AB3-D9F');
  },
};

export const InvalidCode: Story = {
  args: {
    step: 'code',
    email: 'alice@example.org',
    emailSentTo: 'alice@example.org',
    codeError: 'Invalid code',
  },
};

export const BannerUnauthorised: Story = { args: { banner: 'unauthorised' } };
export const BannerForbidden: Story = { args: { banner: 'forbidden' } };
export const BannerLoggedOut: Story = { args: { banner: 'logged-out' } };

/** Internet Explorer 11: nothing can be typed, and the notice says why. */
export const LegacyBrowser: Story = {
  args: { legacyBrowser: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(/Email address/)).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { email: 'bob.registrar@stelsewhere.nhs.uk', status: 'loading' },
};

export const CodeLoading: Story = {
  args: { step: 'code', status: 'loading', emailSentTo: 'bob.registrar@stelsewhere.nhs.uk' },
};

export const RequestError: Story = {
  args: {
    email: 'carol@riverside.example.org',
    requestError: 'This email address is not registered for the web application.',
  },
};

/** A long NHS trust address and an Arabic product name, to check wrapping and bidi text. */
export const LongAndRightToLeft: Story = {
  args: {
    step: 'code',
    productName: 'بانـدو',
    emailSentTo:
      'consultant.cardiothoracic.surgery.and.intensive.care@st-elsewhere-general-hospital.nhs.uk',
  },
};

/** Every state side by side, for design review. */
export const Catalog: Story = {
  render: (args) => (
    <SimpleGrid component="main" cols={{ base: 1, md: 2, xl: 3 }} spacing={0}>
      <LoginScreen {...args} rootComponent="div" />
      <LoginScreen {...args} rootComponent="div" email="alice@stelsewhere" />
      <LoginScreen {...args} rootComponent="div" banner="logged-out" email="alice@example.org" />
      <LoginScreen {...args} rootComponent="div" banner="forbidden" />
      <LoginScreen {...args} rootComponent="div" banner="unauthorised" />
      <LoginScreen {...args} rootComponent="div" legacyBrowser />
      <LoginScreen {...args} rootComponent="div" step="code" emailSentTo="alice@example.org" />
      <LoginScreen
        {...args}
        rootComponent="div"
        step="code"
        emailSentTo="alice@example.org"
        codeError="Invalid code"
      />
      <LoginScreen
        {...args}
        rootComponent="div"
        step="code"
        status="loading"
        emailSentTo="alice@example.org"
      />
    </SimpleGrid>
  ),
};
