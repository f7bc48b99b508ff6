import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { createMockWorker } from '@pando/data-access/testing/browser';
import { showPanel } from '../testing/responsiveStory';
import { screenStory } from '../testing/screenStory';

const meta = { title: 'Screens/Advice/Conversation' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

type Backend = ReturnType<typeof createMockWorker>['backend'];

/** The seed's open advice conversation from alice to Cardiology Advice. */
function openAdvice(backend: Backend) {
  const advice = backend.state.adviceConversations.find(
    // Open, or resolved on one side only by a story's `prepare`.
    (a) => !(a.requestor_resolved && a.public_team_resolved),
  );
  if (!advice) throw new Error('the demo seed has no open advice conversation');
  return advice;
}
const pathOf = (backend: Backend) => {
  const a = openAdvice(backend);
  return `/teams/${String(a.team_id)}/advice-conversations/${String(a.id)}`;
};

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
    prepare: (backend) => {
      openAdvice(backend).requestor_resolved = true;
    },
  }),
  play: ({ canvasElement }) => expectActions(canvasElement, ['Reject', 'Accept']),
};

/** ARCHIVABLE for the requester: the team resolved first; Archive. */
export const Archivable: Story = {
  ...screenStory(pathOf, {
    prepare: (backend) => {
      openAdvice(backend).public_team_resolved = true;
    },
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
  ...screenStory(
    (backend) => {
      const closed = backend.state.adviceConversations.find(
        (a) => a.requestor_resolved && a.public_team_resolved,
      );
      if (!closed) throw new Error('the demo seed has no closed advice conversation');
      return `/teams/${String(closed.team_id)}/advice-conversations/${String(closed.id)}`;
    },
    {
      prepare: (backend) => {
        // The seed's resolved conversation is asked by a colleague; here alice asked it.
        const closed = backend.state.adviceConversations.find(
          (a) => a.requestor_resolved && a.public_team_resolved,
        );
        const alice = backend.state.users.find((u) => u.email === 'alice@example.org');
        if (closed && alice) closed.requestor_id = alice.id;
      },
    },
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await (await showPanel(canvasElement, 'Advice team')).close();
    await expect(await canvas.findByText('Closed')).toBeVisible();
    await expect(await canvas.findByText(/This conversation is closed\./)).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Ask .* again/ })).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Message' })).toBeNull();
  },
};
