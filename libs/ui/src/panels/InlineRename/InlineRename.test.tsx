import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../../testing/render';
import { InlineRename } from './InlineRename';

async function startEditing() {
  await userEvent.click(screen.getByRole('button', { name: 'Rename team' }));
  return screen.getByRole('textbox', { name: /Team name/ });
}

describe('InlineRename', () => {
  it('Enter saves an inline edit', async () => {
    const onRename = vi.fn();
    renderWithTheme(<InlineRename name="Ward 7 Team" onRename={onRename} />);
    const input = await startEditing();
    await userEvent.clear(input);
    await userEvent.type(input, 'Ward 7 Nursing{Enter}');
    expect(onRename).toHaveBeenCalledWith('Ward 7 Nursing');
  });

  it('Tab saves an inline edit', async () => {
    const onRename = vi.fn();
    renderWithTheme(<InlineRename name="Ward 7 Team" onRename={onRename} />);
    const input = await startEditing();
    await userEvent.type(input, ' (days){Tab}');
    expect(onRename).toHaveBeenCalledWith('Ward 7 Team (days)');
  });

  it('Escape clears the inline edit without saving', async () => {
    const onRename = vi.fn();
    renderWithTheme(<InlineRename name="Ward 7 Team" onRename={onRename} />);
    const input = await startEditing();
    await userEvent.type(input, ' typo{Escape}');
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Ward 7 Team' })).toBeInTheDocument();
  });

  it('keeps editing and says why when the name is empty', async () => {
    const onRename = vi.fn();
    renderWithTheme(<InlineRename name="Ward 7 Team" onRename={onRename} />);
    const input = await startEditing();
    await userEvent.clear(input);
    await userEvent.type(input, '{Enter}');
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByText('Team name is required')).toBeInTheDocument();
  });
});
