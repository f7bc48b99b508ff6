import { AppShell } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { LONG_NAME, RTL_NAME } from '../../testing/fixtures';
import { AppHeader } from './AppHeader';

const meta = {
  title: 'UI/Shell/AppHeader',
  component: AppHeader,
  tags: ['autodocs'],
  args: {
    userName: 'Alice Morgan',
    status: 'AVAILABLE',
    onSearch: fn(),
    onLogout: fn(),
  },
  render: (args) => (
    <AppShell header={{ height: 64 }}>
      <AppShell.Header>
        <AppHeader {...args} />
      </AppShell.Header>
    </AppShell>
  ),
} satisfies Meta<typeof AppHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** On /patients and /manage the search box is hidden. */
export const SearchHidden: Story = { args: { showSearch: false } };

export const Unavailable: Story = { args: { status: 'UNAVAILABLE' } };
export const StatusUnknown: Story = { args: { status: 'UNKNOWN' } };
export const LongName: Story = { args: { userName: LONG_NAME } };
export const RightToLeftName: Story = { args: { userName: RTL_NAME } };
export const WithMobileMenu: Story = { args: { onToggleMenu: fn(), menuOpened: false } };

/** The power icon asks first; Cancel keeps the session, confirming logs out. */
export const LogoutConfirmation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog');
    // The modal fades in; wait for the end of the transition rather than a fixed delay.
    await waitFor(() =>
      expect(
        within(dialog).getByText('Are you sure you want to log out from Pando?'),
      ).toBeVisible(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onLogout).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Log out' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out' }),
    );
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

export const SearchOpensSearchPage: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Search people, teams/ }));
    await expect(args.onSearch).toHaveBeenCalled();
  },
};

/** A phone: burger, brand, a search button and the account popover with the name and logout. */
export const Phone: Story = {
  args: { onToggleMenu: fn(), userName: LONG_NAME },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Search people, teams and forums' }));
    await expect(args.onSearch).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: `Account: ${LONG_NAME}` }));
    const logout = await screen.findByRole('button', { name: 'Log out' }, { timeout: 3000 });
    const account = logout.closest('[role="dialog"]');
    await expect(account).toHaveAccessibleName(`Account: ${LONG_NAME}`);
    await expect(account).toHaveTextContent(LONG_NAME);
    // Nothing scrolls sideways, even with a very long name.
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
