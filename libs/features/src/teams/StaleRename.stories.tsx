import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { TEXTS } from '@pando/domain';
import { showPanel } from '../testing/responsiveStory';
import { askAs, screenStory, seedRow } from '../testing/screenStory';
import { storyBackend, type StoryBackend } from '../testing/storyBackend';

const meta = { title: 'Screens/Teams/Stale rename' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Ward 7 Team's id, read when the story opens. */
let ward7Id = 0;

/** The team as the server holds it: its name and members. */
const teamNow = (backend: StoryBackend) =>
  seedRow<{ name: string; member_ids: number[] }>(
    backend,
    'Ward 7 Team',
    `select name, array(select user_id from team_members where team_id = $1) as member_ids
       from teams where id = $1`,
    [ward7Id],
  );

/**
 * Issue 35 (walk row 58): alice has the team page open; in another window bob is added; alice
 * renames from her page. The rename used to send the member list the page loaded and removed
 * bob. Now it sends the name and the version the page shows: the change is refused, alice is
 * told someone else changed the team, the latest team shows, and bob stays a member.
 */
export const RenameFromAStalePage: Story = {
  // No live chat: alice's page hears nothing of the other window's change (with the chat, its
  // session start, once the page is idle, refetches the team and the page is no longer stale).
  ...screenStory(
    async (backend) => {
      ward7Id = (
        await seedRow<{ id: number }>(
          backend,
          'Ward 7 Team',
          'select id from teams where name = $1',
          ['Ward 7 Team'],
        )
      ).id;
      return `/teams/${String(ward7Id)}`;
    },
    { chat: false },
  ),
  play: async ({ canvasElement }) => {
    const { panel } = await showPanel(canvasElement, 'Team');
    const inPanel = within(panel);
    await inPanel.findByRole('button', { name: 'Rename team' }, { timeout: 10_000 });
    // Another window of alice's adds a colleague (members/add: the team's version moves on).
    const backend = await storyBackend();
    const newcomer = await seedRow<{ id: number; first_name: string; last_name: string }>(
      backend,
      'colleague outside Ward 7 Team',
      `select u.id, u.first_name, u.last_name from users u join teams t on t.id = $1
        where u.hospital_id = t.hospital_id
          and u.id not in (select user_id from team_members where team_id = t.id)
        order by u.id limit 1`,
      [ward7Id],
    );
    await askAs(
      backend,
      'alice@example.org',
      'POST',
      `/api/v4/teams/${String(ward7Id)}/members/add`,
      {
        user_ids: [newcomer.id],
      },
    );

    await userEvent.click(inPanel.getByRole('button', { name: 'Rename team' }));
    const input = inPanel.getByRole('textbox', { name: /Team name/ });
    await userEvent.clear(input);
    await userEvent.type(input, 'Ward 7 Nursing{Enter}');

    await expect(
      await screen.findByText(TEXTS.editConflict, {}, { timeout: 10_000 }),
    ).toBeVisible();
    const team = await teamNow(backend);
    await expect(team.member_ids).toContain(newcomer.id);
    await expect(team.name).toBe('Ward 7 Team');
    // The page now shows the latest team: the newcomer is listed.
    const latest = await showPanel(canvasElement, 'Team');
    await expect(
      await within(latest.panel).findByText(
        `${newcomer.first_name} ${newcomer.last_name}`,
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    await latest.close();
  },
};
