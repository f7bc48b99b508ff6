import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../pom/axe';
import { ChatPane, loggedIn } from '../pom/Chat';
import { PatientsPage, pngOf } from '../pom/Patients';

// Hostile text in every field a person types into the card: it must show as text and run nothing.
const XSS = `<img src=x onerror="window.__xss=1">`;

async function noScriptRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
}

interface MailboxAnswer {
  results: { to: string; subject: string; text: string; sent_at: string }[];
}

test('spec 01 §2–§6: alice creates a card with info, notes, tasks and images; bob sees it once assigned; gallery; header search; shared into carol’s DM, read-only for her; sorting; email; delete', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const stamp = Date.now();
  const lastName = `Quill${String(stamp)}`;
  const alice = await loggedIn(browser, 'alice@example.org', '/patients');
  const patients = new PatientsPage(alice);
  await expect(patients.list).toBeVisible();
  await expectNoSeriousAxeViolations(alice, 'patient list');

  await alice.getByRole('button', { name: 'Create patient' }).click();
  await expectNoSeriousAxeViolations(alice, 'create patient');
  await alice.goto('/patients');
  const cardId = await patients.create({
    firstName: `Xena ${XSS}`,
    lastName,
    // Typed day first, as the app writes dates (issue 35); stored as ISO 1948-02-29.
    dob: '29/02/1948',
    gender: 'Female',
    identifier: `E2E-${String(stamp)}`,
    ward: 'Ward 7',
    bed: '12',
    notes: `Chest pain. <script>window.__xss=1</script> ${XSS}`,
    tasks: [`Bloods ${XSS}`, 'ECG'],
  });

  // The detail: every field as typed, as text.
  const info = patients.section('Patient info');
  await expect(info).toContainText(lastName);
  await expect(info).toContainText(`Xena ${XSS}`);
  await expect(info).toContainText('29/02/1948');
  await expect(info).toContainText('Female');
  await expect(info).toContainText('Ward 7');
  await expect(patients.section('Notes')).toContainText('<script>window.__xss=1</script>');
  const tasks = patients.section('Tasks');
  await expect(tasks.getByRole('textbox', { name: 'Task title' })).toHaveCount(2);

  // Two images through the file chooser; both thumbnails come back from the server.
  await patients
    .section('Images')
    .locator('input[type=file]')
    .setInputFiles([
      { name: 'wound-day-1.png', mimeType: 'image/png', buffer: pngOf(200, 40, 40) },
      { name: 'wound-day-3.png', mimeType: 'image/png', buffer: pngOf(40, 200, 40) },
    ]);
  await expect(patients.section('Images').getByRole('button', { name: /^View / })).toHaveCount(2, {
    timeout: 15_000,
  });

  // Completing a task: saved through the card PUT after the 2 s debounce.
  const saved = alice.waitForResponse(
    (r) =>
      r.request().method() === 'PUT' &&
      r.url().includes(`/cards-multiple-reassign/${String(cardId)}`),
  );
  // A click, not check(): the ticked task moves under 'Completed tasks' as 'Reopen ECG'.
  await tasks.getByRole('checkbox', { name: 'Complete ECG' }).click();
  await expect(tasks.getByRole('checkbox', { name: 'Reopen ECG' })).toBeChecked();
  await expect(tasks.getByText('Completed tasks')).toBeVisible();
  expect((await saved).ok()).toBe(true);

  // Assign bob (contact picker) and the Ward 7 Team.
  await patients.section('Assignees').getByRole('button', { name: 'Add people' }).click();
  const picker = alice.getByRole('dialog', { name: 'Assign people' });
  await picker.getByRole('searchbox', { name: 'Search people' }).fill('Bob Baker');
  await picker.getByRole('checkbox', { name: /Bob Baker/ }).check();
  await picker.getByRole('button', { name: 'Assign' }).click();
  await expect(patients.section('Assignees')).toContainText('Bob Baker');
  await patients.section('Assignees').getByRole('button', { name: 'Add teams' }).click();
  const teams = alice.getByRole('dialog', { name: 'Assign teams' });
  await teams.getByRole('checkbox', { name: 'Ward 7 Team' }).check();
  await teams.getByRole('button', { name: 'Assign' }).click();
  await expect(patients.section('Assignees')).toContainText('Ward 7 Team');
  await expectNoSeriousAxeViolations(alice, 'patient detail');
  await noScriptRan(alice);

  // Bob sees the card, ECG completed by alice, after a reload.
  const bob = await loggedIn(browser, 'bob@example.org', `/patients/${String(cardId)}`);
  const bobPatients = new PatientsPage(bob);
  await expect(bobPatients.section('Patient info')).toContainText(lastName);
  await bob.reload();
  const bobTasks = bobPatients.section('Tasks');
  await expect(bobTasks.getByText('Completed tasks')).toBeVisible();
  await expect(bobTasks).toContainText('Completed by Alice Anderson');
  await expect(bobPatients.row(lastName)).toBeVisible();
  await noScriptRan(bob);

  // The gallery (/images): alice's patient images, grouped by patient, with the viewer.
  await alice.goto('/images');
  const group = alice.getByRole('region', { name: new RegExp(lastName) });
  await expect(group.getByRole('button', { name: /^View / })).toHaveCount(2);
  await group.getByRole('button', { name: 'View wound-day-3.png' }).click();
  const viewer = alice.getByRole('dialog', { name: 'wound-day-3.png' });
  await expect(viewer.getByRole('img', { name: 'wound-day-3.png' })).toBeVisible();
  await expectNoSeriousAxeViolations(alice, 'gallery viewer');
  await viewer.getByRole('button', { name: 'Close dialog' }).click();
  await expectNoSeriousAxeViolations(alice, 'gallery');
  // The patient's name opens the card: Shift+click in a new window (the browser's own way, as on
  // any link), a plain click in place.
  const cardLink = group.getByRole('link', { name: new RegExp(lastName) });
  const [newWindow] = await Promise.all([
    alice.context().waitForEvent('page'),
    cardLink.click({ modifiers: ['Shift'] }),
  ]);
  await expect(newWindow).toHaveURL(new RegExp(`/patients/${String(cardId)}$`));
  await newWindow.close();
  await expect(alice).toHaveURL(/\/images$/);
  await cardLink.click();
  await expect(alice).toHaveURL(new RegExp(`/patients/${String(cardId)}$`));
  await noScriptRan(alice);

  // The header search finds the card by its identifier and opens it.
  await alice.goto('/search');
  await alice.getByLabel('Search people, teams, forums and advice').fill(`E2E-${String(stamp)}`);
  await alice
    .getByRole('region', { name: 'Patient cards' })
    .getByRole('link', { name: new RegExp(lastName) })
    .click();
  await expect(alice).toHaveURL(new RegExp(`/patients/${String(cardId)}$`));

  // Sharing into alice's DM with carol, who cannot see the card before.
  const carol = await loggedIn(browser, 'carol@example.org', `/patients/${String(cardId)}`);
  await expect(carol.getByRole('heading', { name: 'Patient not found' })).toBeVisible();
  const carolId = (
    (await (await carol.request.get('/api/v4/login/current')).json()) as {
      id: number;
    }
  ).id;
  await alice.goto(`/users/${String(carolId)}`);
  await alice.getByRole('button', { name: 'Share a patient card' }).click();
  const sharePicker = alice.getByRole('dialog', { name: 'Share a patient card' });
  await sharePicker
    .getByRole('searchbox', { name: 'Search patients by name or identifier' })
    .fill(lastName);
  await expectNoSeriousAxeViolations(alice, 'share a patient card');
  await sharePicker.getByRole('button', { name: new RegExp(`^Share ${lastName}`) }).click();
  await expect(sharePicker).toBeHidden();
  const aliceChat = new ChatPane(alice);
  await expect(aliceChat.bubble(lastName)).toContainText('Patient card');

  // Carol opens it from the message: read-only, no edit controls; her own PUT is refused.
  await carol.goto('/');
  const carolChat = new ChatPane(carol);
  await carolChat
    .sidebarRow(/^Alice Anderson/)
    .first()
    .click();
  await carolChat.bubble(lastName).getByRole('link', { name: 'Open patient card' }).click();
  await expect(carol).toHaveURL(new RegExp(`/patients/${String(cardId)}$`));
  const carolPatients = new PatientsPage(carol);
  await expect(carolPatients.section('Patient info')).toContainText(lastName);
  await expect(carolPatients.section('Patient info')).toContainText('Read only');
  const detail = carol.getByRole('main');
  await expect(detail.getByRole('textbox')).toHaveCount(0);
  await expect(detail.getByRole('button', { name: /^(Edit|Add|Save|Unassign)/ })).toHaveCount(0);
  await expect(carolPatients.section('Tasks').getByRole('checkbox').first()).toBeDisabled();
  await noScriptRan(carol);
  const put = await carol.request.put(`/api/v4/cards-multiple-reassign/${String(cardId)}`, {
    data: { title: 'Changed by carol' },
  });
  expect(put.status()).toBe(403);
  expect(await put.text()).toContain('read-only');

  // In a forum the share button is hidden (the server's refusal: apps/server/src/patients tests).
  await alice.goto('/search');
  await alice.getByLabel('Search people, teams, forums and advice').fill('Junior Doctors');
  await alice
    .getByRole('region', { name: 'Results' })
    .getByRole('link', { name: /Junior Doctors Forum/ })
    .first()
    .click();
  await expect(aliceChat.composer).toBeVisible();
  await expect(alice.getByRole('button', { name: 'Share a patient card' })).toHaveCount(0);

  // Sorting: newest first by default; by name alphabetical; by location, cards without one last.
  await alice.goto('/patients');
  expect((await patients.rowNames())[0]).toContain(lastName);
  await patients.sort.selectOption('Name');
  await expect(alice).toHaveURL(/sort=name/);
  const byName = await patients.rowNames();
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  expect(byName).toEqual([...byName].sort((a, b) => collator.compare(a, b)));
  await patients.sort.selectOption('Location');
  await expect(alice).toHaveURL(/sort=location/);
  // Read again until the re-sorted list is on screen (a read right after the change raced it).
  await expect(async () => {
    const details = await patients.list
      .getByRole('listitem')
      .locator('p:nth-child(2)')
      .allTextContents();
    // The second line is the location (ward · bed) when there is one: those come first, in order.
    const located = details.filter((d) => /Bed \S+$/.test(d));
    expect(located.length).toBeGreaterThan(0);
    expect(details.slice(0, located.length)).toEqual(located);
    expect(located).toEqual([...located].sort((a, b) => collator.compare(a, b)));
  }).toPass({ timeout: 10_000 });

  // Email the card to herself: the dev mailbox has its content.
  await alice.goto(`/patients/${String(cardId)}`);
  const since = Date.now();
  await patients.action('Email me this card');
  await expect
    .poll(
      async () => {
        const answer = (await (
          await request.get('/api/dev/mailbox?to=alice%40example.org')
        ).json()) as MailboxAnswer;
        return answer.results.some(
          (m) =>
            Date.parse(m.sent_at) >= since - 1000 &&
            m.text.includes(lastName) &&
            m.text.includes('ECG'),
        );
      },
      { timeout: 15_000 },
    )
    .toBe(true);

  // Delete after confirmation: gone for bob too.
  await patients.action('Delete patient');
  const confirm = alice.getByRole('dialog', { name: 'Delete patient' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(alice).toHaveURL(/\/patients$/);
  await expect(patients.row(lastName)).toHaveCount(0);
  await bob.reload();
  await expect(bob.getByRole('heading', { name: 'Patient not found' })).toBeVisible();
  await expect(bobPatients.row(lastName)).toHaveCount(0);
});

test('phone (390 × 844): create, list → card → back, sort, share into a team chat, gallery; tablet (768 × 1024): card, create, gallery; axe clean', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const { LoginPage } = await import('../pom/LoginPage');
  const login = new LoginPage(page);
  await login.goto(`?redirect=${encodeURIComponent('/patients')}`);
  await login.logInAs('alice@example.org');
  const patients = new PatientsPage(page);
  await expect(patients.list).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'phone patient list');

  const lastName = `Phone${String(Date.now())}`;
  const id = await patients.create({
    firstName: 'Pia',
    lastName,
    dob: '05/05/1990',
    gender: 'Female',
    identifier: `PH-${String(Date.now())}`,
    ward: 'Ward 7',
    bed: '4',
    notes: 'Phone notes',
    tasks: ['Obs'],
  });
  // On a phone the card replaces the list.
  await expect(patients.section('Patient info')).toContainText(lastName);
  await expect(patients.list).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxeViolations(page, 'phone patient detail');
  await page.getByRole('button', { name: 'Back to patients' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(patients.row(lastName)).toBeVisible();
  await patients.sort.selectOption('Name');
  await expect(page).toHaveURL(/sort=name/);
  const byName = await patients.rowNames();
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  expect(byName).toEqual([...byName].sort((a, b) => collator.compare(a, b)));

  // Sharing at phone size: into the Ward 7 Team conversation, from the composer's picker.
  await page.goto('/');
  const chat = new ChatPane(page);
  await chat.sidebarRow(/Ward 7 Team/).click();
  // On a phone the composer's attachments sit behind one "Attachments" menu (issue 35).
  await page.getByRole('button', { name: 'Attachments' }).click();
  await page.getByRole('menuitem', { name: 'Share a patient card' }).click();
  const picker = page.getByRole('dialog', { name: 'Share a patient card' });
  await picker
    .getByRole('searchbox', { name: 'Search patients by name or identifier' })
    .fill(lastName);
  await expectNoSeriousAxeViolations(page, 'phone share a patient card');
  await picker.getByRole('button', { name: new RegExp(`^Share ${lastName}`) }).click();
  await expect(picker).toBeHidden();
  await expect(chat.bubble(lastName)).toContainText('Patient card');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto('/images');
  await expect(page.getByRole('heading', { name: 'Gallery' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'phone gallery');

  // Tablet (768 × 1024): the card, the create page and the gallery, axe clean.
  const tabletContext = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const tablet = await tabletContext.newPage();
  const tabletLogin = new LoginPage(tablet);
  await tabletLogin.goto(`?redirect=${encodeURIComponent(`/patients/${String(id)}`)}`);
  await tabletLogin.logInAs('alice@example.org');
  const tabletPatients = new PatientsPage(tablet);
  await expect(tabletPatients.section('Patient info')).toContainText(lastName);
  await expectNoSeriousAxeViolations(tablet, 'tablet patient detail');
  await tablet.goto('/patients/create');
  await expect(tablet.getByRole('textbox', { name: 'First name' })).toBeVisible();
  await expectNoSeriousAxeViolations(tablet, 'tablet create patient');
  await tablet.goto('/images');
  await expect(tablet.getByRole('heading', { name: 'Gallery' })).toBeVisible();
  await expectNoSeriousAxeViolations(tablet, 'tablet gallery');
  await tabletContext.close();

  // Tidy up: delete it again.
  await page.goto(`/patients/${String(id)}`);
  await patients.action('Delete patient');
  await page
    .getByRole('dialog', { name: 'Delete patient' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/patients$/);
});
