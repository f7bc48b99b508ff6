import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { showPanel } from '../testing/responsiveStory';
import { screenStory, seedRow } from '../testing/screenStory';
import type { StoryBackend } from '../testing/storyBackend';

const meta = { title: 'Screens/Advice/Conversation' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

interface Advice {
  id: number;
  team_id: number;
}

/** The seed's open advice conversation from alice (to Cardiology Advice). */
const openAdvice = (backend: StoryBackend) =>
  seedRow<Advice>(
    backend,
    'open advice conversation asked by alice',
    `select a.id, a.team_id from advice_conversations a join users u on u.id = a.requestor_id
      where u.email = 'alice@example.org'
        -- Open, or resolved on one side only by a story's prepare.
        and not (a.requestor_resolved and a.public_team_resolved)
      order by a.id limit 1`,
  );

/** The seed's closed advice conversation (both sides resolved). */
const closedAdvice = (backend: StoryBackend) =>
  seedRow<Advice>(
    backend,
    'closed advice conversation',
    `select id, team_id from advice_conversations
      where requestor_resolved and public_team_resolved order by id limit 1`,
  );

const pathTo = (a: Advice) => `/teams/${String(a.team_id)}/advice-conversations/${String(a.id)}`;
const pathOf = async (backend: StoryBackend) => pathTo(await openAdvice(backend));

/** Marks the open conversation resolved by one side. */
async function resolvedBy(backend: StoryBackend, side: 'requestor' | 'public_team') {
  const { id } = await openAdvice(backend);
  await backend.query(`update advice_conversations set ${side}_resolved = true where id = $1`, [
    id,
  ]);
}

async function expectActions(canvasElement: HTMLElement, labels: string[]) {
  const canvas = within(canvasElement);
  await (await showPanel(canvasElement, 'Advice team')).close();
  for (const label of labels) {
    await expect(canvas.getByRole('button', { name: label })).toBeVisible();
  }
}

/** RESOLVABLE for the requester: "Mark as resolved" and export. */
export const Resolvable: Story = {
  ...screenStory(pathOf),
  play: ({ canvasElement }) =>
    expectActions(canvasElement, ['Mark as resolved', 'Export to my email']),
};

/** ACCEPTABLE for the team (bob): the requester resolved; Reject or Accept. */
export const AcceptableForTheTeam: Story = {
  ...screenStory(pathOf, {
    email: 'bob@example.org',
    prepare: (backend) => resolvedBy(backend, 'requestor'),
  }),
  play: ({ canvasElement }) => expectActions(canvasElement, ['Reject', 'Accept']),
};

/** ARCHIVABLE for the requester: the team resolved first; Archive. */
export const Archivable: Story = {
  ...screenStory(pathOf, {
    prepare: (backend) => resolvedBy(backend, 'public_team'),
  }),
  play: ({ canvasElement }) => expectActions(canvasElement, ['Archive']),
};

/**
 * Issue 35: an open (or re-opened) conversation seen by the team reads "Open", never
 * "Archived"; the team's members are listed in the panel for the person asking too.
 */
export const OpenForTheTeam: Story = {
  ...screenStory(pathOf, { email: 'bob@example.org' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await (await showPanel(canvasElement, 'Advice team')).close();
    await expect(await canvas.findByText('Open')).toBeVisible();
    await expect(canvas.queryByText('Archived')).toBeNull();
  },
};

/**
 * Issue 35: a closed conversation (both sides resolved) is read-only: the composer gives way to
 * a line saying so, and the person who asked is offered to ask the team again.
 */
export const ClosedForTheRequester: Story = {
  ...screenStory(async (backend) => pathTo(await closedAdvice(backend)), {
    prepare: async (backend) => {
      // The seed's resolved conversation is asked by a colleague; here alice asked it.
      const { id } = await closedAdvice(backend);
      await backend.query(
        `update advice_conversations
            set requestor_id = (select id from users where email = 'alice@example.org')
          where id = $1`,
        [id],
      );
    },
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await (await showPanel(canvasElement, 'Advice team')).close();
    await expect(await canvas.findByText('Closed')).toBeVisible();
    await expect(await canvas.findByText(/This conversation is closed\./)).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Ask .* again/ })).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Message' })).toBeNull();
  },
};
