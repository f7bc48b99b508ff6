import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { askAs, screenStory, seedRow } from '../testing/screenStory';
import type { StoryBackend } from '../testing/storyBackend';

// Issue 36: the audit trail's screens on the server (a card its author opened and emailed).

const meta = { title: 'Screens/Manage/Audit log' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const find = { timeout: 15_000 };

/** The seed's John Jones card (DEMO_PATIENT_CARD), created by alice. */
const johnJones = (backend: StoryBackend) =>
  seedRow<{ id: number; patient_id: number; created_by_id: number }>(
    backend,
    'John Jones card',
    `select id, patient_id, created_by_id from patient_cards where title = 'John Jones'`,
  );

/**
 * The trail the stories read: the card's author opened it and emailed it to herself (the seed
 * records no audit events; these go through the server's own routes and audit hooks).
 */
async function openedAndEmailed(backend: StoryBackend): Promise<void> {
  const { id } = await johnJones(backend);
  await askAs(backend, 'alice@example.org', 'GET', `/api/v4/cards-multiple-reassign/${String(id)}`);
  await askAs(backend, 'alice@example.org', 'POST', `/api/v4/cards/${String(id)}/export-to-email`);
}

const orgAdmin = { email: 'org.admin@example.org', prepare: openedAndEmailed };

/** /manage/audit: every event within the organisation admin's reach, newest first. */
export const AuditLog: Story = {
  ...screenStory('/manage/audit', orgAdmin),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Audit log' }, find);
    await expect(
      (await within(table).findAllByText('Opened a patient card', {}, find))[0],
    ).toBeVisible();
    await expect(within(table).getByText('Emailed a patient card')).toBeVisible();
    await expect(within(table).getByText(/^Sent to .+@example\.org$/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Audit log', hidden: true })).toHaveAttribute(
      'href',
      '/manage/audit',
    );
  },
};

/** Opened for one patient (the card's "Who has accessed this record"): only their events. */
export const ForOnePatient: Story = {
  ...screenStory(
    async (backend) => `/manage/audit?patient=${String((await johnJones(backend)).patient_id)}`,
    orgAdmin,
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Audit log' }, find);
    await within(table).findByText('Emailed a patient card', {}, find);
    const field = canvas.getByRole('textbox', { name: 'Patient number' });
    const patientId = (field as HTMLInputElement).value;
    await expect(patientId).not.toBe('');
    const cells = table.querySelectorAll('tbody td[data-label="Patient"]');
    await expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) await expect(cell).toHaveTextContent(patientId);
    // A filter that matches nothing says how to widen the view.
    await userEvent.type(canvas.getByRole('textbox', { name: 'From' }), '01012100');
    await expect(
      await canvas.findByText(
        'Nothing recorded matches these filters. Widen the dates or clear a filter.',
        {},
        find,
      ),
    ).toBeVisible();
    // From yesterday to today: "To" is the whole of today, so the email of 80 minutes ago shows.
    const digits = (d: Date) =>
      `${String(d.getDate()).padStart(2, '0')}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getFullYear())}`;
    const today = new Date();
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    // "To" first: while "From" still says 2100 the view stays empty, so no earlier answer (kept
    // on screen while the next loads) can stand in for the one of the final filters.
    await userEvent.type(canvas.getByRole('textbox', { name: 'To' }), digits(today));
    await userEvent.clear(canvas.getByRole('textbox', { name: 'From' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'From' }), digits(yesterday));
    await expect(await within(table).findByText('Emailed a patient card', {}, find)).toBeVisible();
  },
};

/** The server fails: the table's place says so in a sentence, with when to come back. */
export const LoadError: Story = {
  ...screenStory('/manage/audit', orgAdmin),
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/v4/admin/audit', () =>
          HttpResponse.json({ message: 'boom' }, { status: 500 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert', {}, find);
    await expect(alert).toHaveTextContent('Audit log could not be loaded');
    await expect(alert).toHaveTextContent('Please try again in a few minutes.');
  },
};

/** /manage/users/{id}: the person's recent audited actions and the way to all of them. */
export const UserRecentActions: Story = {
  ...screenStory(
    async (backend) => `/manage/users/${String((await johnJones(backend)).created_by_id)}`,
    orgAdmin,
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const recent = await canvas.findByRole('region', { name: 'Recent audited actions' }, find);
    await expect(await within(recent).findByText(/Emailed a patient card/, {}, find)).toBeVisible();
    await expect(
      within(recent).getByRole('link', { name: 'See all in the audit log' }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/manage\/audit\?user=\d+$/) as string);
  },
};

/**
 * An organisation admin on a patient card: Actions offers "Who has accessed this record", which
 * opens the audit log filtered to that patient.
 */
export const FromThePatientCard: Story = {
  ...screenStory(async (backend) => `/patients/${String((await johnJones(backend)).id)}`, {
    ...orgAdmin,
    prepare: async (backend) => {
      await openedAndEmailed(backend);
      // The organisation admin is on the card too (an admin reads only the cards they are on).
      await backend.query(
        `insert into patient_card_users (patient_card_id, user_id)
         select c.id, u.id from patient_cards c, users u
          where c.title = 'John Jones' and u.email = $1 on conflict do nothing`,
        [orgAdmin.email],
      );
    },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Actions' }, find));
    await userEvent.click(
      await within(document.body).findByRole('menuitem', { name: 'Who has accessed this record' }),
    );
    const table = await canvas.findByRole('table', { name: 'Audit log' }, find);
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Patient number' })).not.toHaveValue(''),
    );
    await expect(
      (await within(table).findAllByText('Opened a patient card', {}, find))[0],
    ).toBeVisible();
  },
};
