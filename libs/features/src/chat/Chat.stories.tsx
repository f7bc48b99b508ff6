import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { showPanel } from '../testing/responsiveStory';
import { screenStory, seedRow } from '../testing/screenStory';

const meta = { title: 'Screens/Chat/Conversations' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** /users/{uuid}: a direct chat with bob and his profile; a sent message shows as sent. */
export const DirectChat: Story = {
  ...screenStory(async (backend) => {
    const bob = await seedRow<{ uuid: string }>(
      backend,
      'bob',
      'select uuid::text as uuid from users where email = $1',
      ['bob@example.org'],
    );
    return `/users/${bob.uuid}`;
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const composer = await canvas.findByRole('textbox', { name: 'Message' }, { timeout: 10_000 });
    const profile = await showPanel(canvasElement, 'Profile');
    await expect(profile.panel).toBeVisible();
    await profile.close();
    await userEvent.type(composer, 'Hello Bob{Enter}');
    const log = canvas.getByRole('log', { name: 'Messages' });
    await expect(await within(log).findByText('Hello Bob')).toBeVisible();
  },
};

/** /teams/{id}: the team chat with the team panel. */
export const TeamChat: Story = {
  ...screenStory(async (backend) => {
    const team = await seedRow<{ id: number }>(
      backend,
      'Ward 7 Team',
      'select id from teams where name = $1',
      ['Ward 7 Team'],
    );
    return `/teams/${String(team.id)}`;
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const team = await showPanel(canvasElement, 'Team');
    await expect(team.panel).toBeVisible();
    await team.close();
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toBeVisible();
  },
};
