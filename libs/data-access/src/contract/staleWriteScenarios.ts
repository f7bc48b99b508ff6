/**
 * Issue 35: a change made on a stale copy of a shared record is refused with 409 and the words
 * of `TEXTS.editConflict`; the record stays as the other person left it.
 */
import { expect } from 'vitest';
import {
  defaultNewTemplate,
  EDIT_CONFLICT,
  patientsEndpoints,
  tasksForSave,
  TEXTS,
} from '@pando/domain';
import { DEMO_ACCOUNTS } from '@pando/domain/demo';
import * as admin from '../api/admin';
import * as auth from '../api/auth';
import * as patientCards from '../api/patientCards';
import * as patients from '../api/patients';
import * as forms from '../api/forms';
import * as teams from '../api/teams';
import { call } from '../http/endpoint';
import { ApiError } from '../http/errors';
import type { Scenario } from './scenarios';
import { ok } from './results';

/** The refusal of a stale change: 409 `EDIT_CONFLICT` with the words people read. */
async function refusedAsStale(change: Promise<unknown>): Promise<void> {
  const error = await change.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    status: 409,
    internalCode: EDIT_CONFLICT,
    message: TEXTS.editConflict,
  });
}

export const staleWriteScenarios: Scenario[] = [
  {
    area: 'forms',
    name: 'a template saved from a window opened before another save of it is refused (409); the other save stays',
    async run({ logIn }) {
      const windowA = await logIn(DEMO_ACCOUNTS.pandoAdmin);
      const windowB = await logIn(DEMO_ACCOUNTS.pandoAdmin);
      const title = `Stale template ${Date.now().toString(36)}`;
      const draft = { ...defaultNewTemplate({ author: 'Contract', created_by_id: 0 }), title };
      const id = ok(await forms.saveFormTemplate(windowA.http, draft)).template_id ?? -1;
      const open = async (http: typeof windowA.http) =>
        (await forms.listFormTemplates(http)).find((t) => t.id === id);
      const inA = await open(windowA.http);
      const inB = await open(windowB.http);
      expect(inA?.modified_at).toEqual(expect.any(String));
      const saved = ok(
        await forms.saveFormTemplate(windowA.http, { ...draft, ...inA, description: 'By A' }),
      );
      expect(saved.version).toBe('1.1');
      await refusedAsStale(
        forms.saveFormTemplate(windowB.http, { ...draft, ...inB, description: 'By B' }),
      );
      const latest = await open(windowB.http);
      expect(latest).toMatchObject({ description: 'By A', version: '1.1' });
      const again = ok(
        await forms.saveFormTemplate(windowB.http, {
          ...draft,
          ...latest,
          description: 'By B',
        }),
      );
      expect(again.version).toBe('1.2');
    },
  },
  {
    area: 'patientCards',
    name: 'alice renames a task bob renamed after she opened the card: refused (409), bob’s title stays; a task bob added meanwhile does not block her',
    async run({ logIn }) {
      const aliceBrowser = await logIn(DEMO_ACCOUNTS.alice);
      const bobBrowser = await logIn(DEMO_ACCOUNTS.bob);
      const bob = await auth.getCurrentUser(bobBrowser.http);
      const created = ok(
        await patientCards.createPatientCard(aliceBrowser.http, bob.id, { title: 'Stale tasks' }),
      );
      const start = ok(
        await patientCards.updatePatientCard(aliceBrowser.http, created.id, {
          tasks: [
            { title: 'Bloods', completed: false, order: 0 },
            { title: 'ECG', completed: false, order: 1 },
          ],
        }),
      );
      const inputs = (card: typeof start) => tasksForSave(card.tasks, card.id);
      const renamed = (card: typeof start, from: string, to: string) =>
        inputs(card).map((t) => (t.title === from ? { ...t, title: to } : t));
      ok(
        await patientCards.updatePatientCard(bobBrowser.http, start.id, {
          tasks: renamed(start, 'ECG', 'ECG today'),
          modified_at: start.modified_at,
        }),
      );
      await refusedAsStale(
        patientCards.updatePatientCard(aliceBrowser.http, start.id, {
          tasks: renamed(start, 'ECG', 'ECG x2'),
          modified_at: start.modified_at,
        }),
      );
      const latest = await patientCards.getPatientCard(aliceBrowser.http, start.id);
      expect(latest.tasks.map((t) => t.title)).toEqual(['Bloods', 'ECG today']);
      ok(
        await patientCards.updatePatientCard(bobBrowser.http, start.id, {
          tasks: [...inputs(latest), { title: 'Call GP', completed: false, order: 2 }],
          modified_at: latest.modified_at,
        }),
      );
      const saved = ok(
        await patientCards.updatePatientCard(aliceBrowser.http, start.id, {
          tasks: renamed(latest, 'Bloods', 'Bloods x2'),
          modified_at: latest.modified_at,
        }),
      );
      expect(saved.tasks.map((t) => t.title)).toEqual(['Bloods x2', 'ECG today', 'Call GP']);
    },
  },
  {
    area: 'patients',
    name: "alice saves a patient's notes from a copy read before bob's change: refused (409), bob's change stays; saving on the latest works",
    async run({ logIn }) {
      const aliceBrowser = await logIn(DEMO_ACCOUNTS.alice);
      const bobBrowser = await logIn(DEMO_ACCOUNTS.bob);
      const bob = await auth.getCurrentUser(bobBrowser.http);
      const card = ok(
        await patientCards.createPatientCard(aliceBrowser.http, bob.id, { title: 'Stale patient' }),
      );
      const patientId = card.patient_id ?? -1;
      const alicesCopy = ok(
        await call(aliceBrowser.http, patientsEndpoints.patient, { params: { id: patientId } }),
      );
      const bobsCopy = ok(
        await call(bobBrowser.http, patientsEndpoints.patient, { params: { id: patientId } }),
      );
      expect(alicesCopy.modified_at).toEqual(expect.any(String));
      ok(
        await patients.updatePatient(bobBrowser.http, patientId, {
          gender: 'FEMALE',
          overview: 'Allergic to penicillin',
          modified_at: bobsCopy.modified_at,
        }),
      );
      await refusedAsStale(
        patients.updatePatient(aliceBrowser.http, patientId, {
          overview: 'No known allergies',
          modified_at: alicesCopy.modified_at,
        }),
      );
      const latest = ok(
        await call(aliceBrowser.http, patientsEndpoints.patient, { params: { id: patientId } }),
      );
      expect(latest).toMatchObject({ gender: 'FEMALE', overview: 'Allergic to penicillin' });
      const saved = ok(
        await patients.updatePatient(aliceBrowser.http, patientId, {
          overview: 'Allergic to penicillin and latex',
          modified_at: latest.modified_at,
        }),
      );
      expect(saved).toMatchObject({
        gender: 'FEMALE',
        overview: 'Allergic to penicillin and latex',
      });
    },
  },
  {
    area: 'admin',
    name: 'two administrators edit one advice channel: the save from the form opened before the other saved is refused (409) and changes nothing',
    async run({ logIn }) {
      const adminA = await logIn(DEMO_ACCOUNTS.orgAdmin);
      const adminB = await logIn(DEMO_ACCOUNTS.orgAdmin);
      const alice = await auth.getCurrentUser((await logIn(DEMO_ACCOUNTS.alice)).http);
      const channel = ok(
        await admin.createAdminTeam(adminA.http, 'advice', {
          name: 'Stale channel',
          members: [alice.id],
          description: 'First words',
        }),
      );
      const formA = await admin.getAdminTeam(adminA.http, 'advice', channel.id);
      const formB = await admin.getAdminTeam(adminB.http, 'advice', channel.id);
      expect(formA.modified_at).toEqual(expect.any(String));
      const saved = ok(
        await admin.saveAdminTeam(
          adminA.http,
          'advice',
          channel.id,
          [alice.id],
          { name: 'Stale channel A', members: [alice.id], description: 'Words of A' },
          formA.modified_at,
        ),
      );
      expect(saved.name).toBe('Stale channel A');
      await refusedAsStale(
        admin.saveAdminTeam(
          adminB.http,
          'advice',
          channel.id,
          [alice.id],
          { name: 'Stale channel B', members: [alice.id], description: 'Words of B' },
          formB.modified_at,
        ),
      );
      const latest = await admin.getAdminTeam(adminB.http, 'advice', channel.id);
      expect(latest).toMatchObject({ name: 'Stale channel A', description: 'Words of A' });
    },
  },
  {
    area: 'teams',
    name: 'alice renames a team from a page opened before bob was added: refused (409), bob stays; the rename on the latest version keeps him',
    async run({ logIn }) {
      const aliceBrowser = await logIn(DEMO_ACCOUNTS.alice);
      const alice = await auth.getCurrentUser(aliceBrowser.http);
      const bob = await auth.getCurrentUser((await logIn(DEMO_ACCOUNTS.bob)).http);
      const team = ok(
        await teams.createTeam(aliceBrowser.http, { name: 'Stale rename', user_ids: [] }),
      );
      const page = await teams.getTeam(aliceBrowser.http, team.id);
      expect(page.modified_at).toEqual(expect.any(String));
      // In another window, bob is added.
      const otherWindow = await logIn(DEMO_ACCOUNTS.alice);
      ok(await teams.addTeamMembers(otherWindow.http, team.id, [bob.id]));
      await refusedAsStale(
        teams.updateTeam(aliceBrowser.http, team.id, {
          name: 'Stale rename B',
          modified_at: page.modified_at,
        }),
      );
      const latest = await teams.getTeam(aliceBrowser.http, team.id);
      expect(latest.name).toBe('Stale rename');
      expect(latest.user_ids.sort()).toEqual([alice.id, bob.id].sort());
      const renamed = ok(
        await teams.updateTeam(aliceBrowser.http, team.id, {
          name: 'Stale rename B',
          modified_at: latest.modified_at,
        }),
      );
      expect(renamed.name).toBe('Stale rename B');
      expect(renamed.user_ids.sort()).toEqual([alice.id, bob.id].sort());
      // Her next rename, on the version the first returned, is hers: accepted.
      ok(
        await teams.updateTeam(aliceBrowser.http, team.id, {
          name: 'Stale rename C',
          modified_at: renamed.modified_at,
        }),
      );
    },
  },
];
