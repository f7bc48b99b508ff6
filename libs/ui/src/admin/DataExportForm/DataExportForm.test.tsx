import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../testing/render';
import { DataExportForm } from './DataExportForm';

const initial = { first_name: 'Nadia', last_name: 'Network', email: 'network.admin@example.org' };

describe('DataExportForm', () => {
  it('a box shows its tick, a second click unticks it, and only ticked data sets are requested', async () => {
    const onSend = vi.fn();
    renderWithTheme(<DataExportForm initial={initial} onSend={onSend} />);
    const users = screen.getByRole('checkbox', { name: 'Users' });
    await userEvent.click(users);
    expect(users).toBeChecked();
    await userEvent.click(users);
    expect(users).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Teams' }));
    expect(screen.getByRole('checkbox', { name: 'Teams' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    const sent = onSend.mock.calls[0]?.[0] as { flags: Record<string, boolean> };
    expect(sent.flags['users']).toBe(false);
    expect(sent.flags['teams']).toBe(true);
    expect(Object.values(sent.flags).filter(Boolean)).toHaveLength(1);
  });

  it('Send stays disabled once the only ticked box is unticked', async () => {
    renderWithTheme(<DataExportForm initial={initial} onSend={vi.fn()} />);
    const files = screen.getByRole('checkbox', { name: 'Files' });
    await userEvent.click(files);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await userEvent.click(files);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
