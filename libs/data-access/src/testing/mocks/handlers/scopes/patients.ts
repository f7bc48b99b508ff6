import { TEXTS } from '@pando/domain';
import type { MockBackend, MockHospital, MockPatientCard } from '../../backend';
import { apiError, cardAccessOf, fail, notFound, patientAccessOf } from '../util';
import type { MockScopeRule, MockScopes } from './types';

type MockPatient = MockBackend['state']['patients'][number];

declare module './types' {
  interface MockLoaded {
    /** The patient card named by `:id`, seen (or edited) by the caller. */
    card: MockPatientCard;
    /** The patient named by `:id`, seen (or edited) through one of their cards. */
    cardPatient: MockPatient;
    /** The hospital named by `:id`, in the caller's network. */
    hospital: MockHospital;
  }
}

/** A write to a card or patient the caller only reads (shared with them), as the server's. */
const readOnly = () => fail(apiError(403, TEXTS.cardReadOnly, { internalCode: 'CARD_READ_ONLY' }));

/** A card the caller sees (`edit`: may change); one they do not see is the 404 of a missing id. */
const cardRule =
  (edit: boolean): MockScopeRule =>
  (backend, { caller, params }) => {
    const card = backend.state.cards.find((c) => c.id === Number(params.id));
    const access = card ? cardAccessOf(backend, card, caller) : 'none';
    if (!card || access === 'none') return fail(notFound('Patient card'));
    if (edit && access !== 'edit') readOnly();
    return { card };
  };

/** A patient seen through one of their cards; `edit` needs an editable one. */
const patientRule =
  (edit: boolean): MockScopeRule =>
  (backend, { caller, params }) => {
    const id = Number(params.id);
    const patient = backend.state.patients.find((p) => p.id === id);
    const access = patientAccessOf(backend, id, caller);
    if (!patient || access === 'none') return fail(notFound('Patient'));
    if (edit && access !== 'edit') readOnly();
    return { cardPatient: patient };
  };

/** The patient area's rules (the server's apps/server/src/patients/access.ts PATIENT_SCOPES). */
export const patientsMockScopes: MockScopes = {
  'card:viewer': cardRule(false),
  'card:editor': cardRule(true),
  'patient:viewer': patientRule(false),
  'patient:editor': patientRule(true),
  'hospital:network': (backend, { caller, params }) => {
    const hospital = backend.hospital(Number(params.id));
    const own = backend.hospital(caller.hospital_id);
    const visible =
      hospital !== undefined &&
      (hospital.id === caller.hospital_id ||
        (own !== undefined && hospital.network_id === own.network_id));
    if (!hospital || !visible) return fail(notFound('Hospital'));
    return { hospital };
  },
};
