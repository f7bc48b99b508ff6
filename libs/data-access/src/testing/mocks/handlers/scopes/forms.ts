import { canEditTemplate, deleteTemplateError, TEXTS, type FormTemplate } from '@pando/domain';
import { DEMO_FORM_TEMPLATES, DEMO_ORGANISATIONS } from '@pando/domain/demo';
import type { MockBackend, MockUser } from '../../backend';
import { apiError, fail, notFound } from '../util';
import type { MockScopes, ScopeInput } from './types';

/** A structured file (a form's file or image control); the mock keeps no thumbnail of its own. */
export interface StoredFile {
  guid: string;
  owner_id: number;
  filename: string;
  content_type: string;
  bytes: Uint8Array;
}

declare module './types' {
  interface MockLoaded {
    /** The template of the URL, or null for `POST /structured/template/0` (a new one). */
    template: FormTemplate | null;
    /** The structured file named by `:guid`. */
    structuredFile: StoredFile;
  }
}

/** The structured-forms state of one mock backend (kept beside it, not in its shared state). */
interface FormsState {
  templates: FormTemplate[];
  files: Map<string, StoredFile>;
  nextId: number;
  nextFile: number;
}

const states = new WeakMap<MockBackend, FormsState>();

/**
 * The demo starts with the demo organisation's templates, as the server seeds them
 * (@pando/domain/demo DEMO_FORM_TEMPLATES: the built-in samples, by St Elsewhere's organisation
 * admin, public to St Elsewhere).
 */
export function formsStateOf(backend: MockBackend): FormsState {
  let state = states.get(backend);
  if (!state) {
    // The mock seed numbers organisations in the dataset's order.
    const organisations = Object.keys(DEMO_ORGANISATIONS);
    state = {
      templates: DEMO_FORM_TEMPLATES.map((f, i) => ({
        ...f.template,
        id: i + 1,
        created_by_id: backend.userByEmail(f.owner)?.id ?? null,
        trust_id: backend.state.hospitals[organisations.indexOf(f.organisation)]?.id ?? null,
      })),
      files: new Map(),
      nextId: DEMO_FORM_TEMPLATES.length + 1,
      nextFile: 1,
    };
    states.set(backend, state);
  }
  return state;
}

/** The server's rule: own templates and those of the caller's organisation; deleted ones nobody. */
export const visible = (t: FormTemplate, user: MockUser) =>
  !t.deleted && (t.created_by_id === user.id || t.trust_id === user.hospital_id);

export function visibleTemplate(backend: MockBackend, user: MockUser, id: number): FormTemplate {
  const found = formsStateOf(backend).templates.find((t) => t.id === id && visible(t, user));
  return found ?? fail(notFound('Template'));
}

/** Its uploader and the people of the uploader's organisation read a file; anyone else 404. */
function readableFile(backend: MockBackend, { caller, params }: ScopeInput): StoredFile {
  const file = formsStateOf(backend).files.get(String(params.guid));
  const organisation = file && backend.userById(file.owner_id)?.hospital_id;
  if (file && (file.owner_id === caller.id || organisation === caller.hospital_id)) return file;
  return fail(notFound('File'));
}

/** The smart forms' rules (the server's apps/server/src/forms/access.ts FORM_SCOPES). */
export const formsMockScopes: MockScopes = {
  'template:owner': (backend, { caller, params, request }) => {
    const id = Number(params.id);
    if (id === 0 && request.method === 'POST') return { template: null };
    const template = visibleTemplate(backend, caller, id);
    if (!canEditTemplate(template, caller.id))
      fail(
        apiError(
          403,
          (request.method === 'DELETE' ? deleteTemplateError(template, caller.id) : null) ??
            TEXTS.templateOwnerOnly,
        ),
      );
    return { template };
  },
  'structured-file:viewer': (backend, input) => ({ structuredFile: readableFile(backend, input) }),
  'structured-file:uploader': (backend, input) => {
    const file = readableFile(backend, input);
    if (file.owner_id !== input.caller.id) fail(apiError(403, TEXTS.structuredFileUploaderOnly));
    return { structuredFile: file };
  },
};
