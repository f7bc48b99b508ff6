import { TEXTS } from '@pando/domain';
import type { MockBackend, MockImage, MockUser } from '../../backend';
import { apiError, fail, notFound, patientAccessOf } from '../util';
import type { MockScopes, ScopeInput } from './types';

type MockFile = MockBackend['state']['files'][number];

declare module './types' {
  interface MockLoaded {
    /** The chat image named by `:id`. */
    chatImage: MockImage;
    /** The chat file named by `:id`. */
    chatFile: MockFile;
    /** The patient image named by `:id`. */
    patientImage: MockImage;
  }
}

/** A chat or patient image by `:id`, or 404 (as the server's lookups). */
const imageOf = (backend: MockBackend, { params }: ScopeInput, chat: boolean): MockImage =>
  backend.state.images.find((i) => i.id === Number(params.id) && i.chat === chat) ??
  fail(notFound('Image'));

/**
 * The server's `readableShared`: the uploader, and the people it was shared with (a person; a
 * team's current members; an advice conversation's requestor and its team's members). Else 403.
 */
function readableShared(backend: MockBackend, viewer: MockUser, owner: number, shares: string[]) {
  if (owner !== viewer.id && !backend.sharedWith(viewer, shares))
    fail(apiError(403, TEXTS.forbidden));
}

/** A chat image the caller may read (as the server's `image:viewer`). */
function readableImage(backend: MockBackend, input: ScopeInput): MockImage {
  const image = imageOf(backend, input, true);
  readableShared(backend, input.caller, image.owner_id, image.shared_with);
  return image;
}

/**
 * The uploads' rules, as the server's (SCOPES in apps/server/src/authz/access.ts; the patient
 * images' in src/patients/access.ts): a missing id is 404, an upload not shared with the caller 403.
 */
export const uploadsMockScopes: MockScopes = {
  'image:viewer': (backend, input) => ({ chatImage: readableImage(backend, input) }),
  'image:uploader': (backend, input) => {
    const chatImage = readableImage(backend, input);
    if (chatImage.owner_id !== input.caller.id) fail(apiError(403, TEXTS.forbidden));
    return { chatImage };
  },
  'file:viewer': (backend, { caller, params }) => {
    const chatFile =
      backend.state.files.find((f) => f.id === Number(params.id)) ?? fail(notFound('File'));
    const shares = [
      ...chatFile.user_ids.map((id) => `users/${id}`),
      ...chatFile.team_ids.map((id) => `teams/${id}`),
      ...chatFile.advice_ids.map((id) => `advice-conversation/${id}`),
    ];
    readableShared(backend, caller, chatFile.owner_id, shares);
    return { chatFile };
  },
  // An image of a patient the caller cannot see is the same 404 as a missing one.
  'patient-image:viewer': (backend, input) => {
    const patientImage = imageOf(backend, input, false);
    if (
      patientImage.patient_id === null ||
      patientAccessOf(backend, patientImage.patient_id, input.caller) === 'none'
    )
      fail(notFound('Image'));
    return { patientImage };
  },
  // Only people who see one of the patient's cards read the patient's images.
  'patient-images:viewer': (backend, { caller, query }) => {
    const { patient_id } = query as { patient_id: number };
    if (patientAccessOf(backend, patient_id, caller) === 'none') fail(notFound('Patient'));
    return {};
  },
};
