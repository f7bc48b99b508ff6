import type { Meta, StoryObj } from '@storybook/react-vite';
import { manageMenu } from '@pando/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { viewers } from '../../testing/fixtures';
import { ManageNav } from './ManageNav';

const meta = {
  title: 'UI/Admin/ManageNav',
  component: ManageNav,
  tags: ['autodocs'],
  args: {
    items: manageMenu(viewers.pandoAdmin),
    pathname: '/manage/users/12',
    onNavigate: fn(),
    supportHref: 'https://example.org/support',
    knowledgeBaseHref: 'https://example.org/kb',
  },
  decorators: [(Story) => <div style={{ maxWidth: 260 }}>{Story()}</div>],
} satisfies Meta<typeof ManageNav>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A user's detail page sits under Users; Support and Knowledge base open outside the app. */
export const ProductAdmin: Story = {
  play: async ({ canvasElement, args }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Management' });
    await expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('link', { name: /Networks/ })).toBeVisible();
    await expect(within(nav).getByRole('link', { name: /Support/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await userEvent.click(within(nav).getByRole('link', { name: 'Teams' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/manage/teams');
  },
};
/** An organisation admin without premium features: no advice channels, pagers or networks. */
export const OrganisationAdmin: Story = {
  args: { items: manageMenu(viewers.orgAdmin), pathname: '/manage' },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation');
    await expect(within(nav).queryByRole('link', { name: 'Pagers' })).toBeNull();
    await expect(within(nav).getByRole('link', { name: 'Report' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};
/** Under the phone's "Management" burger bar the list has no heading of its own (titled once). */
export const WithoutHeading: Story = {
  args: { withHeading: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText('Management')).toBeNull();
  },
};
