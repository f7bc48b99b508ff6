import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { screenStory } from '../testing/screenStory';
import { storyBackend } from '../testing/storyBackend';

const meta = { title: 'Screens/Teams/CreateTeam' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** /teams/create: the name is required (spec 01 §6); private by default. */
export const CreateTeam: Story = {
  ...screenStory('/teams/create'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: 'Team name' }, { timeout: 10_000 });
    await expect(canvas.getByRole('switch', { name: /Discoverable/ })).not.toBeChecked();
    await userEvent.click(name);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Create team' })).toBeVisible();
  },
};

/**
 * Alice picks Bob in the contact picker (spec 01 §5: search debounced, chosen people as chips),
 * creates the team, and lands on it with Bob and herself as members.
 */
export const AddMembers: Story = {
  ...screenStory('/teams/create'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: 'Team name' }, { timeout: 10_000 });
    await userEvent.type(name, 'Night registrars');
    await expect(canvas.getByText('Only you so far.')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Add members' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add members' }));
    await userEvent.type(dialog.getByRole('searchbox', { name: 'Search people' }), 'bob');
    await userEvent.click(
      await dialog.findByRole('checkbox', { name: /Bob Baker/ }, { timeout: 5_000 }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const members = canvas.getByRole('list', { name: 'Members' });
    await expect(within(members).getByText('Bob Baker')).toBeVisible();
    // A chip can be removed from the keyboard, and the picker reopens with the choice kept.
    await userEvent.click(canvas.getByRole('button', { name: 'Add members' }));
    const again = within(await screen.findByRole('dialog', { name: 'Add members' }));
    await expect(again.getByRole('checkbox', { name: /Bob Baker/ })).toBeChecked();
    await userEvent.click(again.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const remove = canvas.getByRole('button', { name: 'Remove Bob Baker' });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('Only you so far.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add members' }));
    const third = within(await screen.findByRole('dialog', { name: 'Add members' }));
    await userEvent.type(third.getByRole('searchbox', { name: 'Search people' }), 'bob');
    await userEvent.click(
      await third.findByRole('checkbox', { name: /Bob Baker/ }, { timeout: 5_000 }),
    );
    await userEvent.click(third.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(canvas.getByRole('button', { name: 'Create team' }));
    // The team opens: its name heads the conversation and the team panel.
    const headings = await canvas.findAllByRole(
      'heading',
      { name: 'Night registrars' },
      { timeout: 10_000 },
    );
    await expect(headings[0]).toBeVisible();
    const saved = await (
      await storyBackend()
    ).query<{ email: string }>(
      `select u.email from teams t join team_members m on m.team_id = t.id
         join users u on u.id = m.user_id where t.name = 'Night registrars' order by u.email`,
    );
    await expect(saved.map((m) => m.email)).toEqual(['alice@example.org', 'bob@example.org']);
  },
};
