import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { screenStory } from '../testing/screenStory';

const meta = { title: 'Screens/Manage' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const admin = { email: 'network.admin@example.org' };
const find = { timeout: 15_000 };

/** /manage: the network's 30-day report on the mock backend (charts, counts, Print report). */
export const Report: Story = {
  ...screenStory('/manage', admin),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const subtitle = await canvas.findByText(/^30 day report, ending /, {}, find);
    await waitFor(() => expect(subtitle).toBeVisible(), find);
    await expect(
      await canvas.findByRole('figure', { name: 'Average users per hour' }, find),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Print report' })).toBeEnabled();
  },
};

/**
 * /manage with the report's scope fixed by configuration (spec 02 §6, `analytics_scope`): the
 * network admin sees St Elsewhere General's report, not the network's.
 */
export const ReportFixedScope: Story = {
  ...screenStory('/manage', {
    ...admin,
    analyticsScope: (backend) => ({
      kind: 'organisation',
      id: backend.state.hospitals.find((h) => h.name === 'St Elsewhere General')?.uuid ?? '',
    }),
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/St Elsewhere General/, {}, find)).toBeVisible();
    await expect(canvas.queryByText(/Demo Health Network/)).toBeNull();
    await expect(
      await canvas.findByRole('figure', { name: 'Average users per hour' }, find),
    ).toBeVisible();
  },
};

/** /manage/users: the users table, with Generate code for a network admin. */
export const Users: Story = {
  ...screenStory('/manage/users', admin),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Users' }, find);
    await expect(await within(table).findAllByRole('link', {}, find)).not.toHaveLength(0);
    await expect(canvas.getByRole('button', { name: 'Generate code' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Invitations' })).toBeVisible();
  },
};

/** /manage/users/invitations: pending invitations and the invite toolbar. */
export const Invitations: Story = {
  ...screenStory('/manage/users/invitations', admin),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Invitations' }, find)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Invite by email' })).toBeVisible();
  },
};

/** /manage/teams: the teams table with Create, Edit, Delete. */
export const Teams: Story = {
  ...screenStory('/manage/teams', admin),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Teams' }, find)).toBeVisible();
    await expect(await canvas.findByText('Ward 7 Team', {}, find)).toBeVisible();
  },
};

/** /manage/export: the eight checkboxes. */
export const DataExport: Story = {
  ...screenStory('/manage/export', admin),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Data export request' }, find),
    ).toBeVisible();
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(8);
  },
};

/**
 * alice (USER_VERIFIED) on /manage: "No access". The shell renders hidden behind its spinner
 * until the lists have loaded, so visibility is waited for, not read once.
 */
export const NoAccess: Story = {
  ...screenStory('/manage'),
  play: async ({ canvasElement }) => {
    const text = await within(canvasElement).findByText(
      "You don't have access to the management console for this organisation.",
      {},
      find,
    );
    await waitFor(() => expect(text).toBeVisible(), find);
  },
};
