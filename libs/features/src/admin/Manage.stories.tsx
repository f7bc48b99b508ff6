import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { screenStory, seedRow } from '../testing/screenStory';
import { storyBackend, type StoryBackend } from '../testing/storyBackend';

const meta = { title: 'Screens/Manage' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const admin = { email: 'network.admin@example.org' };
const find = { timeout: 15_000 };

/** The seed's organisation named `name`: its uuid, as the configuration names it. */
const organisationUuid = async (backend: StoryBackend, name: string) =>
  (
    await seedRow<{ uuid: string }>(
      backend,
      name,
      'select uuid::text as uuid from hospitals where name = $1',
      [name],
    )
  ).uuid;

/** /manage: the network's 30-day report (charts, counts, Print report). */
export const Report: Story = {
  ...screenStory('/manage', admin),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The first report story of a page pays its cold start (vite transforms the report's chunk
    // and the charts on first use): 22 s on the slow host of session 35, and over this file's
    // 15 s at phone size in session 36's clean clone. The story's own limit is 60 s
    // (vitest.config.ts); this wait only ends a story that is already failing.
    const subtitle = await canvas.findByText(/^30 day report, ending /, {}, { timeout: 45_000 });
    await waitFor(() => expect(subtitle).toBeVisible(), find);
    await expect(
      await canvas.findByRole('figure', { name: 'Average users per hour' }, find),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Print report' })).toBeEnabled();
  },
};

/**
 * On the long report the management menu stays in view after scrolling to the end (it scrolled
 * away before), and on a phone the menu is titled once ("Management" on the burger bar, no
 * second "MANAGEMENT" heading inside it).
 */
export const MenuStaysInView: Story = {
  ...screenStory('/manage', admin),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('figure', { name: 'Average users per hour' }, find);
    const burger = canvas.queryByRole('button', { name: 'Management menu' });
    if (burger) await userEvent.click(burger);
    const nav = await canvas.findByRole('navigation', { name: 'Management' });
    await waitFor(() => expect(nav).toBeVisible());
    await expect(within(canvasElement).getAllByText('Management', { exact: true })).toHaveLength(1);
    if (burger) await userEvent.click(burger);
    const region = canvas.getByRole('region', { name: 'Management console' });
    const scroller = region.parentElement;
    if (!scroller) throw new Error('no scrolling box');
    // Scrolled to the end as a person would: the box, and the window should it scroll too.
    scroller.scrollTop = scroller.scrollHeight;
    window.scrollTo(0, document.documentElement.scrollHeight);
    await waitFor(() => expect(scroller.scrollTop).toBeGreaterThan(0));
    const menu = burger ?? nav;
    const box = menu.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(Math.max(view.top, 0) - 1);
    await expect(box.top).toBeLessThan(Math.min(view.bottom, window.innerHeight));
  },
};

/**
 * /manage with the report's scope fixed by configuration (spec 02 §6, `analytics_scope`): the
 * network admin sees St Elsewhere General's report, not the network's.
 */
export const ReportFixedScope: Story = {
  ...screenStory('/manage', {
    ...admin,
    manage: async (backend) => ({
      analytics: {
        fixed: {
          kind: 'organisation',
          id: await organisationUuid(backend, 'St Elsewhere General'),
        },
      },
    }),
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Visible once the report has loaded, as in Report (CI once found the title still hidden).
    const title = await canvas.findByText(/St Elsewhere General/, {}, find);
    await waitFor(() => expect(title).toBeVisible(), find);
    await expect(canvas.queryByText(/Demo Health Network/)).toBeNull();
    await expect(
      await canvas.findByRole('figure', { name: 'Average users per hour' }, find),
    ).toBeVisible();
  },
};

/**
 * Spec 02 §6 "certain internal email domains and one named account map to a fixed demo
 * organisation" (`analytics_demo`): example.org is configured as internal here, so the network
 * admin sees the demo organisation's (Riverside Hospital's) report, named from the API, instead of
 * the network's; the sidebar's links are the deployment's own (`support_url`,
 * `knowledge_base_url`).
 */
export const ReportDemoOrganisation: Story = {
  ...screenStory('/manage', {
    ...admin,
    manage: async (backend) => ({
      analytics: {
        demoEmailDomains: ['example.org'],
        demoOrganisationId: await organisationUuid(backend, 'Riverside Hospital'),
      },
      supportUrl: 'mailto:it-help@hospital.example',
      knowledgeBaseUrl: 'https://intranet.hospital.example/pando',
    }),
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = await canvas.findByRole('heading', { name: 'Riverside Hospital' }, find);
    await waitFor(() => expect(title).toBeVisible(), find);
    await expect(canvas.queryByText(/Demo Health Network/)).toBeNull();
    await expect(
      await canvas.findByRole('figure', { name: 'Average users per hour' }, find),
    ).toBeVisible();
    // At phone size the links are in the closed menu: present, with the configured addresses.
    await expect(canvas.getByRole('link', { name: /Support/, hidden: true })).toHaveAttribute(
      'href',
      'mailto:it-help@hospital.example',
    );
    await expect(
      canvas.getByRole('link', { name: /Knowledge base/, hidden: true }),
    ).toHaveAttribute('href', 'https://intranet.hospital.example/pando');
  },
};

/**
 * The report opening on placeholder figures (`manage.reportNoData: false`, the demo's
 * `VITE_DEMO_REPORT_PLACEHOLDERS`): the no-data switch is off and the badge says the figures are
 * not real; turning the switch on shows the real ones.
 */
export const ReportPlaceholders: Story = {
  ...screenStory('/manage', { ...admin, manage: () => ({ reportNoData: false }) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Placeholder figures, not real data', {}, find),
    ).toBeVisible();
    const noData = canvas.getByRole('switch', { name: /No data/ });
    await expect(noData).not.toBeChecked();
    await userEvent.click(noData);
    await expect(noData).toBeChecked();
    await waitFor(
      () => expect(canvas.queryByText('Placeholder figures, not real data')).toBeNull(),
      find,
    );
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

/**
 * Invitation import when "Invitations by email" is switched off for the network after the page
 * opened (as a product admin would): the import stops with the spec's notice only, no generic
 * "You are not allowed to perform that action." beside it (spec 02 §8; issue 35).
 */
export const ImportFeatureNotEnabled: Story = {
  ...screenStory('/manage/users/invitations/import', admin),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('button', { name: 'Choose a CSV file' }, find);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(
      input,
      new File(['email\nnew.person@example.org\n'], 'invites.csv', { type: 'text/csv' }),
    );
    await (
      await storyBackend()
    ).query(`update networks set features = features || '{"user_invite_by_email": false}'::jsonb`);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send' }, find));
    const notice =
      'An invitation was not sent to new.person@example.org, because the feature is not enabled for this network';
    await expect((await screen.findAllByText(notice, {}, find))[0]).toBeVisible();
    await expect(screen.queryByText('You are not allowed to perform that action.')).toBeNull();
  },
};
