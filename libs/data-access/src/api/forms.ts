import { formsEndpoints, pathOf, placeholderTemplate, type FormTemplate } from '@pando/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { NotFoundError, orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { OPEN_RECORD_REFRESH, STALE } from './stale';

// Structured forms (spec 02 §7 "Structured forms"): every call carries the bearer token.

/** GET /structured/templates → the templates the caller sees (own and the organisation's). */
export async function listFormTemplates(http: HttpClient): Promise<FormTemplate[]> {
  const answer = orThrowBadRequest(await call(http, formsEndpoints.templates, { bearer: true }));
  return answer.results;
}

/**
 * GET /structured/template?name=&version=. A 404 gives the placeholder template with id 0 and
 * deleted true (spec 02 §7).
 */
export async function getFormTemplate(
  http: HttpClient,
  name: string,
  version: string,
): Promise<FormTemplate> {
  try {
    return orThrowBadRequest(
      await call(http, formsEndpoints.template, { query: { name, version }, bearer: true }),
    );
  } catch (error) {
    if (error instanceof NotFoundError) return placeholderTemplate(name, version);
    throw error;
  }
}

/** POST /structured/template/{id} (0 for a new one): a template without values. */
export async function saveFormTemplate(http: HttpClient, template: FormTemplate) {
  return call(http, formsEndpoints.saveTemplate, {
    params: { id: template.id ?? 0 },
    body: template,
    bearer: true,
  });
}

/** DELETE /structured/template/{id}. */
export async function deleteFormTemplate(http: HttpClient, id: number): Promise<void> {
  orThrowBadRequest(
    await call(http, formsEndpoints.deleteTemplate, { params: { id }, bearer: true }),
  );
}

/** POST /structured/forms: a template with values (and `confirmed` on the second try). */
export async function submitForm(http: HttpClient, form: FormTemplate) {
  return call(http, formsEndpoints.submit, { body: form, bearer: true });
}

/** POST /structured/files multipart → the file guid (spec 02 §3 "file.file_guid"). */
export async function uploadStructuredFile(http: HttpClient, file: Blob, filename: string) {
  const form = new FormData();
  form.set('file', file, filename);
  const answer = orThrowBadRequest(
    await call(http, formsEndpoints.upload, {
      body: form,
      bearer: true,
      // The filler names the refused file and the reason (413, 415): no notification repeats it.
      showsRefusal: true,
    }),
  );
  return answer.file.file_guid;
}

/** DELETE /structured/files/{guid}. */
export async function deleteStructuredFile(http: HttpClient, guid: string): Promise<void> {
  orThrowBadRequest(
    await call(http, formsEndpoints.deleteFile, { params: { guid }, bearer: true }),
  );
}

/** Where an uploaded form file or its thumbnail loads from (the session cookie authorises it). */
export function structuredFileUrl(http: HttpClient, guid: string, thumbnail = false): string {
  return thumbnail
    ? http.url(pathOf(formsEndpoints.thumbnail, { guid }))
    : http.url(pathOf(formsEndpoints.file, { guid }));
}

/**
 * GET /structured/patients/{field}/{value}: the patient a scan names, as a flat object; null on
 * 404 (spec 02 §7: "a 404 is tolerated and leaves the form as is").
 */
export async function lookupPatient(http: HttpClient, field: string, value: string) {
  try {
    return orThrowBadRequest(
      await call(http, formsEndpoints.patient, { params: { field, value }, bearer: true }),
    );
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** POST /structured/email/{file|image}/{guid} with the address → the server's message. */
export async function emailStructuredFile(
  http: HttpClient,
  kind: 'file' | 'image',
  guid: string,
  address: string,
) {
  const answer = orThrowBadRequest(
    await call(http, formsEndpoints.email, {
      params: { kind, guid },
      body: { address },
      bearer: true,
    }),
  );
  return answer.message;
}

/**
 * An export option's `save_to` URL receives a POST of the CSV or JSON body (spec 02 §7). It is
 * any URL the template's author chose, not our API, so it goes out through plain `fetch`,
 * without our credentials.
 */
export async function postExport(url: string, content: string, mimeType: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': mimeType },
    body: content,
    credentials: 'omit',
  });
  if (!response.ok) throw new Error(response.statusText || `HTTP ${String(response.status)}`);
}

export const formKeys = {
  all: ['forms'] as const,
  templates: () => [...formKeys.all, 'templates'] as const,
  template: (name: string, version: string) =>
    [...formKeys.all, 'template', name.trim().toLowerCase(), version] as const,
};

/**
 * The templates the caller sees; the screens fall back to the samples when it fails. `live`: the
 * templates screen is open (and nothing is being edited), so the list and the template shown
 * follow saves made elsewhere (OPEN_RECORD_REFRESH).
 */
export function useFormTemplatesQuery(enabled = true, live = false) {
  const http = useHttpClient();
  return useQuery({
    queryKey: formKeys.templates(),
    queryFn: () => listFormTemplates(http),
    staleTime: STALE.formTemplates,
    enabled,
    retry: false,
    ...(live ? OPEN_RECORD_REFRESH : {}),
  });
}

export function useSaveFormTemplateMutation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: FormTemplate) => saveFormTemplate(http, template),
    onSettled: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}

export function useDeleteFormTemplateMutation() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteFormTemplate(http, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: formKeys.all }),
  });
}
