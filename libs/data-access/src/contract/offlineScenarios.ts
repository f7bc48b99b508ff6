/**
 * Issue 37's contract scenarios: the key of the web app's encrypted offline copy
 * (`GET /login/offline-key`) and the organisation's switch for patient data offline
 * (`PATCH /admin/organisations/{uuid}`). The key through the client's endpoint function
 * (`getOfflineKey`); the setting through the HTTP client and the domain's wire schemas (the
 * client has no endpoint function for it yet). The listening server's database is shared by every
 * scenario of a run, so the setting is put back as found.
 */
import { OrganisationSchema, type OrganisationSettingsPatch } from '@pando/domain';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '@pando/domain/demo';
import { expect } from 'vitest';
import * as admin from '../api/admin';
import * as auth from '../api/auth';
import type { HttpClient } from '../http/createHttpClient';
import { isBadRequest } from '../http/errors';
import type { Scenario } from './scenarios';
import { ok, status } from './results';

const setOrganisation = (http: HttpClient, uuid: string, body: unknown) =>
  http.request({
    method: 'PATCH',
    path: `/admin/organisations/${encodeURIComponent(uuid)}`,
    body,
    schema: OrganisationSchema,
  });

const HOUR_MS = 3_600_000;

export const offlineScenarios: Scenario[] = [
  {
    area: 'auth',
    name: 'the offline key: 32 random bytes, the same for the session (two tabs at once too), another for another session, refused (401) after logout',
    async run({ logIn }) {
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      const first = await auth.getOfflineKey(alice.http);
      expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.offline_patient_data).toBe(true);
      // When the session ends unless used: the 12-hour idle window of a session just opened.
      const ends = Date.parse(first.expires_at) - Date.now();
      expect(ends).toBeGreaterThan(11 * HOUR_MS);
      expect(ends).toBeLessThanOrEqual(12 * HOUR_MS + 60_000);
      const again = await Promise.all([
        auth.getOfflineKey(alice.http),
        auth.getOfflineKey(alice.http),
      ]);
      expect(again.map((a) => a.key)).toEqual([first.key, first.key]);

      const elsewhere = await logIn(DEMO_ACCOUNTS.alice);
      expect((await auth.getOfflineKey(elsewhere.http)).key).not.toBe(first.key);

      ok(await auth.logout(alice.http));
      expect(await status(auth.getOfflineKey(alice.http))).toBe(401);
      // Her other session keeps its own key.
      expect(await status(auth.getOfflineKey(elsewhere.http))).toBe(200);
    },
  },
  {
    area: 'admin',
    name: 'org.admin turns offline patient data off for St Elsewhere General: its row and alice’s offline key say so, carol’s (Riverside) does not; alice may not change it; a bad body names the field',
    async run({ logIn }) {
      const orgAdmin = await logIn(DEMO_ACCOUNTS.orgAdmin);
      const organisations = await admin.getAdminOrganisations(orgAdmin.http);
      const home = organisations.results.find((o) => o.name === DEMO_ORGS.stElsewhere);
      expect(home?.offline_patient_data).toBe(true);
      const uuid = home?.uuid ?? 'missing';
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      const carol = await logIn(DEMO_ACCOUNTS.carol);
      const off: OrganisationSettingsPatch = { offline_patient_data: false };

      expect(await status(setOrganisation(alice.http, uuid, off))).toBe(403);
      const bad = await setOrganisation(orgAdmin.http, uuid, { offline_patient_data: 'no' });
      expect(isBadRequest(bad) && JSON.stringify(bad.body)).toContain('offline_patient_data');

      try {
        const row = ok(await setOrganisation(orgAdmin.http, uuid, off));
        expect(row).toMatchObject({
          uuid,
          name: DEMO_ORGS.stElsewhere,
          offline_patient_data: false,
        });
        const listed = (await admin.getAdminOrganisations(orgAdmin.http)).results;
        expect(listed.find((o) => o.uuid === uuid)?.offline_patient_data).toBe(false);
        expect((await auth.getOfflineKey(alice.http)).offline_patient_data).toBe(false);
        expect((await auth.getOfflineKey(carol.http)).offline_patient_data).toBe(true);
      } finally {
        ok(await setOrganisation(orgAdmin.http, uuid, { offline_patient_data: true }));
      }
      expect((await auth.getOfflineKey(alice.http)).offline_patient_data).toBe(true);
    },
  },
];
