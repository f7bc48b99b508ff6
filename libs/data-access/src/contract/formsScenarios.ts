/**
 * Smart forms' contract scenarios (spec 02 §7 "Structured forms", issue 22). The listening
 * server's database is shared by every scenario of a run, so each uses a unique title and deletes
 * what it creates.
 */
import { defaultNewTemplate, exportPdf, type FormTemplate } from '@pando/domain';
import { DEMO_ACCOUNTS, DEMO_PATIENT_CARD } from '@pando/domain/demo';
import { expect } from 'vitest';
import * as forms from '../api/forms';
import { ApiError } from '../http/errors';
import type { Scenario } from './scenarios';
import { ok } from './results';

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A template with a patient identifier (scan target) mapped like the e2e's. */
function patientForm(title: string, owner: number): FormTemplate {
  const base = defaultNewTemplate({ author: 'Contract', created_by_id: owner });
  return {
    ...base,
    title,
    controls: [
      {
        id: 'patient_id',
        type: 'barcode',
        label: 'Patient identifier',
        required: true,
        patient_data: 'patient_identificator',
        delimiter: ', ',
        can_edit: true,
      },
      ...base.controls.map((c) => ({ ...c, patient_data: c.id })),
    ],
  };
}

const withValues = (form: FormTemplate, values: Record<string, string>): FormTemplate => ({
  ...form,
  controls: form.controls.map((c) => (c.id in values ? { ...c, value: values[c.id] ?? null } : c)),
});

export const formsScenarios: Scenario[] = [
  {
    area: 'forms',
    name: 'pando.admin saves a template (1.0; unchanged keeps it, a change bumps it to 1.1); alice sees it, finds it by title and version, cannot delete it; the owner deletes it and its lookup becomes the deleted placeholder',
    async run({ logIn }) {
      const admin = await logIn(DEMO_ACCOUNTS.pandoAdmin);
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      const title = `Contract form ${unique()}`;
      const draft = { ...defaultNewTemplate({ author: 'Contract', created_by_id: 0 }), title };
      const created = ok(await forms.saveFormTemplate(admin.http, draft));
      expect(created).toMatchObject({ status: 'ok', version: '1.0' });
      const id = created.template_id ?? -1;
      const same = ok(await forms.saveFormTemplate(admin.http, { ...draft, id }));
      expect(same.version).toBe('1.0');
      const changed = ok(
        await forms.saveFormTemplate(admin.http, { ...draft, id, description: 'Changed' }),
      );
      expect(changed.version).toBe('1.1');

      const seen = await forms.listFormTemplates(alice.http);
      expect(seen.find((t) => t.id === id)?.version).toBe('1.1');
      expect((await forms.getFormTemplate(alice.http, title, '1.1')).id).toBe(id);
      expect(await forms.getFormTemplate(alice.http, title, '1.0')).toMatchObject({
        id: 0,
        deleted: true,
      });
      const refused = await refusal(forms.deleteFormTemplate(alice.http, id));
      expect(refused.status).toBe(403);
      expect(refused.message).toBe('You cannot delete this template, as you are not the owner.');

      await forms.deleteFormTemplate(admin.http, id);
      expect(await forms.getFormTemplate(alice.http, title, '1.1')).toMatchObject({
        id: 0,
        deleted: true,
      });
    },
  },
  {
    area: 'forms',
    name: 'alice looks John Jones up by his identifier (404 is null); submitting checks required fields, asks to confirm a changed name, and stores it once confirmed',
    async run({ logIn }) {
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      const { patient } = DEMO_PATIENT_CARD;
      const found = ok(
        await forms.lookupPatient(
          alice.http,
          'patient_identificator',
          patient.patient_identificator,
        ),
      );
      expect(found).toMatchObject({ first_name: patient.first_name, last_name: patient.last_name });
      expect(
        await forms.lookupPatient(alice.http, 'patient_identificator', 'NO-SUCH-ID'),
      ).toBeNull();

      const title = `Contract submit ${unique()}`;
      const saved = ok(await forms.saveFormTemplate(alice.http, patientForm(title, 0)));
      const form = { ...patientForm(title, 0), id: saved.template_id ?? -1 };
      try {
        const empty = ok(await forms.submitForm(alice.http, form));
        expect(empty.status).toBe('error');
        const changed = withValues(form, {
          patient_id: patient.patient_identificator,
          first_name: patient.first_name,
          last_name: 'Jonas',
        });
        const confirm = ok(await forms.submitForm(alice.http, changed));
        expect(confirm.status).toBe('confirm');
        expect(confirm.patient_data?.last_name).toBe(patient.last_name);
        const stored = ok(await forms.submitForm(alice.http, { ...changed, confirmed: true }));
        expect(stored.status).toBe('ok');
      } finally {
        await forms.deleteFormTemplate(alice.http, form.id);
      }
    },
  },
  {
    area: 'forms',
    name: 'alice uploads a filled form as a PDF, emails it to herself and deletes it; a text file is refused',
    async run({ logIn }) {
      const alice = await logIn(DEMO_ACCOUNTS.alice);
      const pdf = exportPdf(patientForm('Emailed form', 0));
      const guid = await forms.uploadStructuredFile(
        alice.http,
        new Blob([pdf], { type: 'application/pdf' }),
        'data_export.pdf',
      );
      const message = await forms.emailStructuredFile(
        alice.http,
        'file',
        guid,
        DEMO_ACCOUNTS.alice,
      );
      expect(message).toContain(DEMO_ACCOUNTS.alice);
      await forms.deleteStructuredFile(alice.http, guid);
      const refused = await refusal(
        forms.uploadStructuredFile(
          alice.http,
          new Blob(['a,b\r\n1,2'], { type: 'text/csv' }),
          'x.csv',
        ),
      );
      expect(refused.status).toBe(415);
    },
  },
];
