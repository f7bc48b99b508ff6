import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { createMockWorker } from '@pando/data-access/testing/browser';
import { TEXTS } from '@pando/domain';
import { showPanel } from '../testing/responsiveStory';
import { screenStory } from '../testing/screenStory';

const meta = { title: 'Screens/Teams/Stale rename' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

let backend: ReturnType<typeof createMockWorker>['backend'] | undefined;

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
    (b) => {
      backend = b;
      const team = b.state.teams.find((t) => t.name === 'Ward 7 Team');
      return `/teams/${String(team?.id ?? 0)}`;
    },
    { chat: false },
  ),
  play: async ({ canvasElement }) => {
    const { panel } = await showPanel(canvasElement, 'Team');
    const inPanel = within(panel);
    await inPanel.findByRole('button', { name: 'Rename team' }, { timeout: 10_000 });
    // Another window adds a colleague (as the mock's members/add does: a new version).
    const state = backend?.state;
    const team = state?.teams.find((t) => t.name === 'Ward 7 Team');
    const newcomer = state?.users.find(
      (u) => !team?.user_ids.includes(u.id) && u.hospital_id === team?.hospital_id,
    );
    if (!team || !newcomer) throw new Error('seed: Ward 7 Team and a colleague outside it');
    team.user_ids = [...team.user_ids, newcomer.id];
    team.modified_at = new Date(Date.now() + 1000).toISOString();

    await userEvent.click(inPanel.getByRole('button', { name: 'Rename team' }));
    const input = inPanel.getByRole('textbox', { name: /Team name/ });
    await userEvent.clear(input);
    await userEvent.type(input, 'Ward 7 Nursing{Enter}');

    await expect(
      await screen.findByText(TEXTS.editConflict, {}, { timeout: 10_000 }),
    ).toBeVisible();
    await waitFor(() => expect(team.user_ids).toContain(newcomer.id));
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
