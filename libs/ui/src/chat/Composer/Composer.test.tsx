import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../testing/render';
import { Composer } from './Composer';

describe('Composer', () => {
  it('sends on Enter and adds a line on Shift+Enter', async () => {
    const onSend = vi.fn();
    renderWithTheme(<Composer onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Bed 4 obs due{Shift>}{Enter}{/Shift}NEWS2 3');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('Bed 4 obs due\nNEWS2 3');
    expect(box).toHaveValue('');
  });

  it('does not send whitespace-only text', async () => {
    const onSend = vi.fn();
    renderWithTheme(<Composer onSend={onSend} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('hides the patient-share button in forum chats', () => {
    const { rerender } = renderWithTheme(
      <Composer onSend={vi.fn()} onSharePatientCard={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Share a patient card' })).toBeInTheDocument();
    rerender(<Composer onSend={vi.fn()} onSharePatientCard={vi.fn()} isForum />);
    expect(screen.queryByRole('button', { name: 'Share a patient card' })).toBeNull();
  });

  it('skips files over 26214400 bytes with a notice naming the file', () => {
    const onAttachFiles = vi.fn();
    const { container } = renderWithTheme(
      <Composer onSend={vi.fn()} onAttachFiles={onAttachFiles} />,
    );
    const big = new File(['x'], 'CT head series.zip');
    Object.defineProperty(big, 'size', { value: 26_214_401 });
    const ok = new File(['x'], 'referral.pdf');
    const input = container.querySelectorAll('input[type="file"]')[0];
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [big, ok] } });
    expect(onAttachFiles).toHaveBeenCalledWith([ok]);
    expect(
      screen.getByText(
        'The file, CT head series.zip is too large to send, the limit is 25 Mb for a single file.',
      ),
    ).toBeInTheDocument();
  });

  it('is disabled while offline and says why', () => {
    renderWithTheme(<Composer onSend={vi.fn()} offline />);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(
      screen.getByText("You are currently offline, messages can't be sent"),
    ).toBeInTheDocument();
  });

  it('shows the reply preview with a cancel button', async () => {
    const onCancelReply = vi.fn();
    renderWithTheme(
      <Composer
        onSend={vi.fn()}
        replyTo={{ senderName: 'Bob Okafor', text: 'Bed 9: new AF' }}
        onCancelReply={onCancelReply}
      />,
    );
    expect(screen.getByText('Replying to Bob Okafor')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(onCancelReply).toHaveBeenCalled();
  });
});
