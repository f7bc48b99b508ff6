import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../testing/render';
import { viewers } from '../../testing/fixtures';
import { MainMenu } from './MainMenu';

const links = () => screen.getAllByRole('link').map((link) => link.textContent);

describe('MainMenu', () => {
  it('shows List only when premium feature patient_cards is on', () => {
    renderWithTheme(<MainMenu viewer={viewers.carol} />);
    expect(links()).toEqual(['Chats']);
  });

  it('shows Admin only for organisation, network or pando admins', () => {
    renderWithTheme(<MainMenu viewer={{ access_level: 'NETWORK_ADMIN' }} />);
    expect(links()).toEqual(['Chats', 'Admin']);
  });

  it('shows Chats, List and Admin to an admin with patient_cards, marking the current page', () => {
    renderWithTheme(<MainMenu viewer={viewers.pandoAdmin} active="patients" />);
    expect(links()).toEqual(['Chats', 'List', 'Admin']);
    expect(screen.getByRole('link', { name: 'List' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/manage');
  });
});
