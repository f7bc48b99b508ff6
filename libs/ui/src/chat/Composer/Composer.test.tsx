import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../testing/render';
import { Composer } from './Composer';

describe('Composer', () => {
  it('sends on Enter and adds a line on Shift+Enter', async () => {
    const onSend = vi.fn();
    renderWithTheme(<Composer onRefuseFiles={vi.fn()} onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Bed 4 obs due{Shift>}{Enter}{/Shift}NEWS2 3');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('Bed 4 obs due\nNEWS2 3');
    expect(box).toHaveValue('');
  });

  it('does not send whitespace-only text', async () => {
    const onSend = vi.fn();
    renderWithTheme(<Composer onRefuseFiles={vi.fn()} onSend={onSend} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('hides the patient-share action in forum chats', async () => {
    const { unmount } = renderWithTheme(
      <Composer
        onRefuseFiles={vi.fn()}
        onSend={vi.fn()}
        onSharePatientCard={vi.fn()}
        onSendImages={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Attachments' }));
    // jsdom never ends Mantine's opening transition: the open menu counts as hidden there.
    expect(
      await screen.findByRole('menuitem', { name: 'Share a patient card', hidden: true }),
    ).toBeInTheDocument();
    unmount();
    renderWithTheme(
      <Composer
        onRefuseFiles={vi.fn()}
        onSend={vi.fn()}
        onSharePatientCard={vi.fn()}
        onSendImages={vi.fn()}
        isForum
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Attachments' }));
    expect(
      await screen.findByRole('menuitem', { name: 'Send an image', hidden: true }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('menuitem', { name: 'Share a patient card', hidden: true }),
    ).toBeNull();
  });

  it('puts every attachment behind one button, and offers none when there is nothing to attach', async () => {
    const onSelectForm = vi.fn();
    const { unmount } = renderWithTheme(
      <Composer
        onRefuseFiles={vi.fn()}
        onSend={vi.fn()}
        onSharePatientCard={vi.fn()}
        onSendImages={vi.fn()}
        onAttachFiles={vi.fn()}
        onSelectForm={onSelectForm}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Attachments' }));
    const items = await screen.findAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual([
      'Share a patient card',
      'Send an image',
      'Attach a file',
      'Select a form',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Select a form', hidden: true }));
    expect(onSelectForm).toHaveBeenCalled();
    unmount();
    renderWithTheme(<Composer onRefuseFiles={vi.fn()} onSend={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Attachments' })).toBeNull();
  });

  it('refuses files over 26214400 bytes and disallowed types before upload, naming each', () => {
    const onAttachFiles = vi.fn();
    const onRefuseFiles = vi.fn();
    const { container } = renderWithTheme(
      <Composer onSend={vi.fn()} onAttachFiles={onAttachFiles} onRefuseFiles={onRefuseFiles} />,
    );
    const big = new File(['x'], 'CT head series.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 26_214_401 });
    const exe = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    const ok = new File(['x'], 'referral.pdf', { type: 'application/pdf' });
    const input = container.querySelector('input[type="file"][aria-label="File to send"]');
    if (!input) throw new Error('no file input');
    expect(input.getAttribute('accept')?.split(',')).toEqual(
      expect.arrayContaining(['application/pdf', 'image/jpeg']),
    );
    fireEvent.change(input, { target: { files: [big, exe, ok] } });
    expect(onAttachFiles).toHaveBeenCalledWith([ok]);
    expect(onRefuseFiles).toHaveBeenCalledWith([
      'The file, CT head series.pdf is too large to send, the limit is 25 Mb for a single file.',
      'The file, setup.exe cannot be sent: .exe files are not allowed. Send a PDF, a Word document or an image.',
    ]);
  });

  it('is disabled while offline and says why', () => {
    renderWithTheme(<Composer onRefuseFiles={vi.fn()} onSend={vi.fn()} offline />);
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
        onRefuseFiles={vi.fn()}
        replyTo={{ senderName: 'Bob Okafor', text: 'Bed 9: new AF' }}
        onCancelReply={onCancelReply}
      />,
    );
    expect(screen.getByText('Replying to Bob Okafor')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(onCancelReply).toHaveBeenCalled();
  });
});
