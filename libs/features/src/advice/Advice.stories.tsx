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
