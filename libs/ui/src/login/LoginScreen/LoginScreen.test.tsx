import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../testing/render';
import { LoginScreen, type LoginScreenProps } from './LoginScreen';

function Harness(props: Partial<LoginScreenProps>) {
  const [email, setEmail] = useState(props.email ?? '');
  return (
    <LoginScreen
      step="email"
      status="idle"
      onRequestCode={vi.fn()}
      onSubmitCode={vi.fn()}
      onBack={vi.fn()}
      {...props}
      email={email}
      onEmailChange={setEmail}
    />
  );
}

describe('LoginScreen', () => {
  it("warns and disables the request button while the email lacks '@' or '.'", async () => {
    const user = userEvent.setup();
    const onRequestCode = vi.fn();
    renderWithTheme(<Harness onRequestCode={onRequestCode} />);
    const input = screen.getByLabelText(/Email address/);
    const button = screen.getByRole('button', { name: 'Request code' });

    await user.type(input, 'alice@example');
    expect(button).toBeDisabled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, '{Enter}');
    expect(onRequestCode).not.toHaveBeenCalled();

    await user.type(input, '.org');
    expect(button).toBeEnabled();
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(input, '{Enter}');
    expect(onRequestCode).toHaveBeenCalledWith('alice@example.org');
  });

  it('auto-submits a code at 6 characters without a dash', async () => {
    const user = userEvent.setup();
    const onSubmitCode = vi.fn();
    renderWithTheme(<Harness step="code" onSubmitCode={onSubmitCode} />);
    const input = screen.getByLabelText(/Login code/);
    await user.type(input, 'abc12');
    expect(onSubmitCode).not.toHaveBeenCalled();
    await user.type(input, '3');
    expect(onSubmitCode).toHaveBeenCalledTimes(1);
    expect(onSubmitCode).toHaveBeenCalledWith('abc123');
  });

  it('auto-submits a code at 7 characters with a dash, not at 6', async () => {
    const user = userEvent.setup();
    const onSubmitCode = vi.fn();
    renderWithTheme(<Harness step="code" onSubmitCode={onSubmitCode} />);
    const input = screen.getByLabelText(/Login code/);
    await user.type(input, 'abc-12');
    expect(onSubmitCode).not.toHaveBeenCalled();
    await user.type(input, '3');
    expect(onSubmitCode).toHaveBeenCalledWith('abc-123');
  });

  it('does not re-send a rejected code until it is edited', async () => {
    const user = userEvent.setup();
    const onSubmitCode = vi.fn();
    const { rerender } = renderWithTheme(<Harness step="code" onSubmitCode={onSubmitCode} />);
    await user.type(screen.getByLabelText(/Login code/), 'abc123');
    rerender(<Harness step="code" onSubmitCode={onSubmitCode} codeError="Invalid code" />);
    expect(screen.getByText('Invalid code')).toBeInTheDocument();
    expect(onSubmitCode).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText(/Login code/), '{Backspace}4');
    expect(onSubmitCode).toHaveBeenCalledTimes(2);
    expect(onSubmitCode).toHaveBeenLastCalledWith('abc124');
  });

  it('shows "Email sent to {email}" on the code step', () => {
    renderWithTheme(<Harness step="code" emailSentTo="bob@example.org" />);
    expect(screen.getByRole('status')).toHaveTextContent('Email sent to bob@example.org');
  });

  it.each([
    ['logged-out', "You've been logged out."],
    ['forbidden', "You don't have permission to use the web application."],
  ] as const)('shows the %s banner for msg=%s', (banner, text) => {
    renderWithTheme(<Harness banner={banner} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('disables the login inputs on a legacy browser', () => {
    renderWithTheme(<Harness legacyBrowser email="alice@example.org" />);
    expect(screen.getByLabelText(/Email address/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Request code' })).toBeDisabled();
  });

  it('tells people web sign-up is impossible and links to both app stores', () => {
    renderWithTheme(<Harness />);
    expect(
      screen.getByText(/Web sign-up isn't available: download the Pando app/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /App Store/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/apps\.apple\.com\//),
    );
    expect(screen.getByRole('link', { name: /Google Play/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/play\.google\.com\//),
    );
  });

  it('returns to the email step from the code step', async () => {
    const user = userEvent.setup();
    const onBack = vi.fn();
    renderWithTheme(<Harness step="code" onBack={onBack} />);
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
