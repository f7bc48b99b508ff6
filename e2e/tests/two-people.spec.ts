import { TEXTS } from '@pando/domain';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loggedIn } from '../pom/Chat';
import { personWithChannel } from '../pom/LiveChannel';

/**
 * Issue 35 "Two people, one record": for each shared object (team, forum, advice conversation,
 * patient card, form template) an edit in one window appears in the other without a reload, and
 * an edit made from a stale window is refused with TEXTS.editConflict, the window then showing
 * the latest version; the other person's change is never silently undone.
 *
 * "Stale" is made certain, not left to timing: the second window opens its editor on the old
 * version first and its live channel is held back (LiveChannel.freeze) while the first person
 * saves, as on a slow network. Records are made for the test (through the API in the person's
 * own session), except the forum: only the seed has one, so it is renamed to a name the other
 * specs still find and put back at the end.
 */

// Contexts of earlier tests stay open in the worker's browser: each test closes its own.
test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

/** A person notices a change within a few seconds; a change that needs a reload is not live. */
const LIVE_MS = 10_000;

interface Me {
  id: number;
}
interface TeamWire {
  id: number;
  name: string;
  user_ids: number[];
  modified_at: string;
}
interface MemberWire {
  id: number;
  first_name: string;
  last_name: string;
}

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const response = await page.request.fetch(`/api/v4${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path} answered ${String(response.status())}`).toBe(true);
  return (await response.json()) as T;
}

const stampOf = () => Date.now().toString(36);

/** Renames a team or forum from its panel, as a person does (pencil, type, Enter). */
async function rename(panel: Locator, name: string): Promise<void> {
  await panel.getByRole('button', { name: 'Rename team' }).click();
  const field = panel.getByRole('textbox', { name: /Team name/ });
  await field.fill(name);
  await field.press('Enter');
}

/** The panel beside a team or forum conversation (desktop: always shown). */
const teamPanel = (page: Page) => page.getByRole('complementary', { name: 'Team' });

test('a team: a rename and a removal show in the other member’s window live; a rename from a stale window is refused and the latest name shown', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await loggedIn(browser, 'alice@example.org');
  const { page: bob, channel } = await personWithChannel(browser, 'bob@example.org');
  const aliceId = (await api<Me>(alice, 'GET', '/login/current')).id;
  const bobId = (await api<Me>(bob, 'GET', '/login/current')).id;
  // A third colleague: someone else of one of alice's teams (Ward 7 Team in the seed). Not simply
  // her first team: specs run earlier on the same server add teams of only alice and bob.
  const aliceTeams = (
    await api<{ teams: TeamWire[] }>(alice, 'GET', '/teams-with-advices-conversations')
  ).teams;
  const thirdId = aliceTeams
    .flatMap((t) => t.user_ids)
    .find((id) => id !== bobId && id !== aliceId);
  const stamp = stampOf();
  const team = await api<TeamWire>(alice, 'POST', '/teams', {
    name: `Two people ${stamp}`,
    discoverable: false,
    user_ids: [bobId, ...(thirdId ? [thirdId] : [])],
    public_data: {},
  });
  const members = await api<MemberWire[] | { results: MemberWire[] }>(
    alice,
    'GET',
    `/teams/${String(team.id)}/members`,
  );
  const third = (Array.isArray(members) ? members : members.results).find((m) => m.id === thirdId);
  if (!third) throw new Error('the new team should have a third member');
  const thirdName = `${third.first_name} ${third.last_name}`;

  await alice.goto(`/teams/${String(team.id)}`);
  await bob.goto(`/teams/${String(team.id)}`);
  await expect(teamPanel(bob)).toContainText(thirdName);

  // Live: alice renames; bob's header and panel follow without a reload.
  const renamed = `Two people renamed ${stamp}`;
  await rename(teamPanel(alice), renamed);
  await expect.soft(teamPanel(bob).getByRole('heading', { name: renamed })).toBeVisible({
    timeout: LIVE_MS,
  });
  // Live: alice removes the third member, after the panel's confirmation; bob's list follows.
  // (The dialog is waited for: `isVisible` does not wait, and while the dialog was still
  // opening the confirmation was skipped and the member never removed: CI, stop 42.)
  await teamPanel(alice)
    .getByRole('button', { name: `Remove ${thirdName}` })
    .click();
  await alice.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(teamPanel(alice)).not.toContainText(thirdName);
  await expect.soft(teamPanel(bob)).not.toContainText(thirdName, { timeout: LIVE_MS });

  // Stale: bob starts renaming on the name he sees, his window hears nothing more, alice renames.
  channel.freeze();
  await teamPanel(bob).getByRole('button', { name: 'Rename team' }).click();
  const latest = `Two people by alice ${stamp}`;
  const saved = alice.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/teams/${String(team.id)}`),
  );
  await rename(teamPanel(alice), latest);
  expect((await saved).ok()).toBe(true);
  const field = teamPanel(bob).getByRole('textbox', { name: /Team name/ });
  await field.fill(`Two people by bob ${stamp}`);
  await field.press('Enter');
  await expect(bob.getByText(TEXTS.editConflict)).toBeVisible();
  await expect(teamPanel(bob).getByRole('heading', { name: latest })).toBeVisible();
  channel.thaw();
  const after = await api<TeamWire>(alice, 'GET', `/teams/${String(team.id)}`);
  expect(after.name, 'the stale rename must not overwrite alice’s').toBe(latest);
  expect([...after.user_ids].sort((a, b) => a - b)).toEqual([aliceId, bobId].sort((a, b) => a - b));
});

test('a forum: joining and leaving show in another member’s window live, the panel never says "No members yet." beside a count; a stale rename is refused', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await loggedIn(browser, 'alice@example.org');
  const { page: bob, channel } = await personWithChannel(browser, 'bob@example.org');
  const forum = (
    await api<{ forums: TeamWire[] }>(alice, 'GET', '/teams-with-advices-conversations')
  ).forums.find((f) => f.name.startsWith('Junior Doctors Forum'));
  if (!forum) throw new Error('alice should be in the seeded Junior Doctors Forum');
  const path = `/teams/${String(forum.id)}`;
  try {
    await alice.goto(path);
    await bob.goto(path);
    await expect(teamPanel(alice)).toContainText('Alice Anderson');
    // Bob is not a member yet: the count and the list agree (issue 35: "11 members" beside
    // "No members yet.").
    await expect(teamPanel(bob)).toContainText(/\d+ members/);
    await expect(teamPanel(bob)).not.toContainText('No members yet.');
    await expect(teamPanel(alice)).not.toContainText('Bob Baker');

    await teamPanel(bob).getByRole('button', { name: 'Join forum' }).click();
    await expect(
      teamPanel(bob).getByRole('button', { name: /^Leave (forum|team)$/ }),
    ).toBeVisible();
    await expect.soft(teamPanel(alice)).toContainText('Bob Baker', { timeout: LIVE_MS });

    // A stale rename from bob's window is refused; the forum keeps a name the other specs find.
    channel.freeze();
    await teamPanel(bob).getByRole('button', { name: 'Rename team' }).click();
    const latest = `Junior Doctors Forum ${stampOf()}`;
    await rename(teamPanel(alice), latest);
    await expect(teamPanel(alice).getByRole('heading', { name: latest })).toBeVisible();
    const field = teamPanel(bob).getByRole('textbox', { name: /Team name/ });
    await field.fill('Junior Doctors Forum (bob)');
    await field.press('Enter');
    await expect(bob.getByText(TEXTS.editConflict)).toBeVisible();
    await expect(teamPanel(bob).getByRole('heading', { name: latest })).toBeVisible();
    channel.thaw();
    expect((await api<TeamWire>(alice, 'GET', path)).name).toBe(latest);

    // Bob leaves: alice's member list follows without a reload.
    await teamPanel(bob)
      .getByRole('button', { name: /^Leave (forum|team)$/ })
      .click();
    await bob.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
    await expect(bob).toHaveURL(/\/$/);
    await expect.soft(teamPanel(alice)).not.toContainText('Bob Baker', { timeout: LIVE_MS });
  } finally {
    channel.thaw();
    // Put the forum back as the other specs expect it: named, and without bob.
    const now = await api<TeamWire>(alice, 'GET', path);
    if (now.name !== 'Junior Doctors Forum')
      await api(alice, 'PUT', path, { name: 'Junior Doctors Forum', modified_at: now.modified_at });
    if (now.user_ids.length > 0) await bob.request.post(`/api/v4${path}/leave`);
  }
});

test('an advice conversation: when the requester resolves, the team sees Accept and Reject without a reload; an advice channel saved from a stale admin window is refused', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await loggedIn(browser, 'alice@example.org');
  const bob = await loggedIn(browser, 'bob@example.org');
  const cardiology = (
    await api<{ results: { TEAM?: { data: TeamWire } }[] }>(
      alice,
      'GET',
      '/filters?include=team.advice&q=Cardiology',
    )
  ).results[0]?.TEAM?.data;
  if (!cardiology) throw new Error('alice should find Cardiology Advice');
  const stamp = stampOf();
  const question = `Two people question ${stamp}`;
  const conversation = await api<{ id: number }>(
    alice,
    'POST',
    `/teams/${String(cardiology.id)}/advice-conversations`,
    { message: question },
  );
  const path = `/teams/${String(cardiology.id)}/advice-conversations/${String(conversation.id)}`;
  await alice.goto(path);
  await bob.goto(path);
  await expect(bob.getByRole('log', { name: 'Messages' }).getByText(question)).toBeVisible();
  // An open conversation is not called "Archived" on the team's side (issue 35).
  await expect(bob.getByRole('main')).not.toContainText('Archived');

  await alice.getByRole('button', { name: 'Mark as resolved' }).click();
  await expect(
    bob.getByRole('log', { name: 'Messages' }).getByText(/marked this conversation as resolved/),
  ).toBeVisible();
  await expect.soft(bob.getByRole('button', { name: 'Accept' })).toBeVisible({ timeout: LIVE_MS });
  await expect.soft(bob.getByRole('button', { name: 'Reject' })).toBeVisible({ timeout: LIVE_MS });

  // The advice channel itself, edited by two administrators of the organisation at once.
  const networkAdmin = await loggedIn(browser, 'network.admin@example.org', '/manage');
  const orgAdmin = await loggedIn(browser, 'org.admin@example.org', '/manage');
  const bobId = (await api<Me>(bob, 'GET', '/login/current')).id;
  const channel = await api<{ id: number; name: string }>(
    networkAdmin,
    'POST',
    '/admin/advice-channels',
    { name: `Two people advice ${stamp}`, members: [bobId] },
  );
  const edit = `/manage/advice-channels/${String(channel.id)}/edit`;
  await orgAdmin.goto(edit);
  await networkAdmin.goto(edit);
  for (const page of [orgAdmin, networkAdmin])
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(channel.name);
  await networkAdmin.getByRole('textbox', { name: 'Description' }).fill(`Described ${stamp}`);
  await networkAdmin.getByRole('button', { name: 'Save' }).click();
  await expect(networkAdmin.getByText(`"${channel.name}" has been updated`)).toBeVisible();
  // The org admin's form still holds the version before that save.
  await orgAdmin.getByRole('textbox', { name: 'Name' }).fill(`Stale name ${stamp}`);
  await orgAdmin.getByRole('button', { name: 'Save' }).click();
  await expect(orgAdmin.getByText(TEXTS.editConflict)).toBeVisible();
  const stored = await api<{ results: { id: number; name: string; description: string | null }[] }>(
    networkAdmin,
    'GET',
    '/admin/advice-channels?page-size=500',
  );
  const now = stored.results.find((c) => c.id === channel.id);
  expect(now?.name, 'the stale save must not rename the channel').toBe(channel.name);
  expect(now?.description).toBe(`Described ${stamp}`);
});

test('a patient card: notes and tasks saved in one window show in the other without a reload; a stale notes save and a stale task edit are refused', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await loggedIn(browser, 'alice@example.org');
  const { page: bob, channel } = await personWithChannel(browser, 'bob@example.org');
  const bobId = (await api<Me>(bob, 'GET', '/login/current')).id;
  const stamp = stampOf();
  const card = await api<{ id: number; patient_id: number }>(
    alice,
    'POST',
    `/cards-multiple-reassign?assignee=users&assignee_id=${String(bobId)}&with_empty_task=false`,
    { title: `Two People ${stamp}`, subtitle: 'Ward 7' },
  );
  const path = `/patients/${String(card.id)}`;
  await alice.goto(path);
  await bob.goto(path);
  const notes = (page: Page) => page.getByRole('region', { name: 'Notes' });
  const tasks = (page: Page) => page.getByRole('region', { name: 'Tasks' });
  await expect(notes(bob)).toBeVisible();

  const saveNotes = async (page: Page, text: string) => {
    await notes(page).getByRole('textbox').fill(text);
    await notes(page).getByRole('button', { name: 'Save notes' }).click();
  };
  // Live: alice's notes and a new task appear in bob's window.
  await notes(alice).getByRole('button', { name: 'Edit notes' }).click();
  await saveNotes(alice, `Seen by alice ${stamp}`);
  await expect(notes(alice)).toContainText(`Seen by alice ${stamp}`);
  await expect.soft(notes(bob)).toContainText(`Seen by alice ${stamp}`, { timeout: LIVE_MS });
  await tasks(alice).getByRole('textbox', { name: 'New task' }).fill(`Bloods ${stamp}`);
  await tasks(alice).getByRole('button', { name: 'Add task' }).click();
  await expect
    .soft(tasks(bob).getByRole('textbox', { name: 'Task title' }))
    .toHaveValue(`Bloods ${stamp}`, { timeout: LIVE_MS + 2_000 });

  // Stale notes: bob opens the editor, alice saves other notes, bob saves his.
  channel.freeze();
  await notes(bob).getByRole('button', { name: 'Edit notes' }).click();
  await notes(alice).getByRole('button', { name: 'Edit notes' }).click();
  await saveNotes(alice, `Latest by alice ${stamp}`);
  await expect(notes(alice)).toContainText(`Latest by alice ${stamp}`);
  await saveNotes(bob, `Stale by bob ${stamp}`);
  await expect(bob.getByText(TEXTS.editConflict)).toBeVisible();
  await expect(notes(bob)).toContainText(`Latest by alice ${stamp}`);

  // Stale tasks: alice renames the task and adds another; bob, who has seen neither, renames the
  // same task. Edits of different tasks merge (apps/server/README.md "Concurrent edits": alice's
  // new task is kept beside a rename of another); a change of a task someone else changed since
  // is refused. The open card also refreshes itself every 10 s (OPEN_RECORD_REFRESH): bob's card
  // reads are held until his edit has started, so his copy is stale for certain.
  const cardPath = `/api/v4/cards-multiple-reassign/${String(card.id)}`;
  const heldReads: (() => Promise<void>)[] = [];
  let holdReads = true;
  await bob.route(
    (url) => url.pathname === cardPath,
    (route) => {
      if (holdReads && route.request().method() === 'GET') heldReads.push(() => route.continue());
      else void route.continue();
    },
  );
  await tasks(alice)
    .getByRole('textbox', { name: 'Task title' })
    .first()
    .fill(`Bloods by alice ${stamp}`);
  await tasks(alice).getByRole('textbox', { name: 'New task' }).fill(`ECG ${stamp}`);
  const taskSaved = alice.waitForResponse(
    (r) =>
      r.request().method() === 'PUT' &&
      r.url().includes(`/cards-multiple-reassign/${String(card.id)}`),
  );
  await tasks(alice).getByRole('button', { name: 'Add task' }).click();
  expect((await taskSaved).ok()).toBe(true);
  const bobSaved = bob.waitForResponse(
    (r) =>
      r.request().method() === 'PUT' &&
      r.url().includes(`/cards-multiple-reassign/${String(card.id)}`),
  );
  await tasks(bob).getByRole('textbox', { name: 'Task title' }).first().fill(`Bloods now ${stamp}`);
  holdReads = false;
  await Promise.all(heldReads.map((release) => release()));
  expect((await bobSaved).status(), 'bob’s rename on a stale copy is refused').toBe(409);
  await expect(bob.getByText(TEXTS.editConflict).first()).toBeVisible();
  channel.thaw();
  await expect(tasks(bob).getByRole('textbox', { name: 'Task title' })).toHaveCount(2);
  await expect(tasks(bob).getByRole('textbox', { name: 'Task title' }).first()).toHaveValue(
    `Bloods by alice ${stamp}`,
  );
  const stored = await api<{ tasks: { title: string }[]; patient: { overview: string | null } }>(
    alice,
    'GET',
    `/cards-multiple-reassign/${String(card.id)}`,
  );
  expect(stored.tasks.map((t) => t.title).sort()).toEqual([
    `Bloods by alice ${stamp}`,
    `ECG ${stamp}`,
  ]);
});

test('a form template: a save in one window shows in the other without a reload; a save from a stale editor is refused', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Only the owner edits a template: the same administrator in two windows (a desk and a laptop).
  const first = await loggedIn(browser, 'pando.admin@example.org', '/manage/form-templates');
  const second = await loggedIn(browser, 'pando.admin@example.org', '/manage/form-templates');
  const title = `Two windows ${stampOf()}`;
  await first.getByRole('button', { name: 'New template' }).click();
  const editor = (page: Page) => page.getByRole('region', { name: 'Edit template' });
  await editor(first).getByLabel('Title').first().fill(title);
  await editor(first).getByRole('button', { name: 'Save Template' }).click();
  const view = (page: Page, name: string) => page.getByRole('region', { name: `Template ${name}` });
  await expect(view(first, title).getByText(/^Version 1\.0/)).toBeVisible();

  // The second window lists it once the first saved it (no reload), and opens it.
  const mine = second.getByRole('navigation', { name: 'My templates' });
  await expect.soft(mine.getByRole('button', { name: new RegExp(title) })).toBeVisible({
    timeout: LIVE_MS,
  });
  // (When it does not follow, a reload lets the rest of the test run.)
  if (!(await mine.getByRole('button', { name: new RegExp(title) }).isVisible()))
    await second.reload();
  await mine.getByRole('button', { name: new RegExp(title) }).click();
  await expect(view(second, title).getByText(/^Version 1\.0/)).toBeVisible();

  // Live: a new version saved in the first window shows in the second.
  await view(first, title).getByRole('button', { name: 'Edit' }).click();
  const renamed = `${title} v2`;
  await editor(first).getByLabel('Title').first().fill(renamed);
  await editor(first).getByRole('button', { name: 'Save Template' }).click();
  await expect(view(first, renamed).getByText(/^Version 1\.1/)).toBeVisible();
  await expect
    .soft(view(second, renamed).getByText(/^Version 1\.1/))
    .toBeVisible({ timeout: LIVE_MS });

  if (!(await view(second, renamed).isVisible())) {
    await second.reload();
    await mine.getByRole('button', { name: new RegExp(renamed) }).click();
  }

  // Stale: the second window opens the editor, the first saves again, the second saves.
  await view(second, renamed).getByRole('button', { name: 'Edit' }).click();
  await view(first, renamed).getByRole('button', { name: 'Edit' }).click();
  const latest = `${title} v3`;
  await editor(first).getByLabel('Title').first().fill(latest);
  await editor(first).getByRole('button', { name: 'Save Template' }).click();
  await expect(view(first, latest).getByText(/^Version 1\.2/)).toBeVisible();
  await editor(second).getByLabel('Title').first().fill(`${title} stale`);
  await editor(second).getByRole('button', { name: 'Save Template' }).click();
  await expect(second.getByText(TEXTS.editConflict)).toBeVisible();
  await expect(view(second, latest).getByText(/^Version 1\.2/)).toBeVisible();
  await expect(
    second.getByRole('navigation', { name: 'My templates' }).getByRole('button', {
      name: new RegExp(`${title} stale`),
    }),
  ).toHaveCount(0);
});
