import { pathOf, uploadsEndpoints } from '@pando/domain';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { orThrowBadRequest } from '../http/errors';

export interface FileAudience {
  user_ids?: number[];
  team_ids?: number[];
  advice_ids?: number[];
}

/** POST /files multipart: file plus optional audiences as comma lists → id. */
export function uploadFile(
  http: HttpClient,
  file: Blob,
  filename: string,
  audience: FileAudience = {},
) {
  const form = new FormData();
  form.set('file', file, filename);
  for (const key of ['user_ids', 'team_ids', 'advice_ids'] as const) {
    const ids = audience[key];
    if (ids && ids.length > 0) form.set(key, ids.join(','));
  }
  return call(http, uploadsEndpoints.uploadFile, { body: form });
}

/** GET /files/{id} opens a file: the browser navigates there so the cookie authorises it. */
export function fileUrl(http: HttpClient, id: number | string): string {
  return http.url(pathOf(uploadsEndpoints.file, { id }));
}

/** GET /files/{id} as bytes, so the page can say whether the download worked (spec 01 §8). */
export async function downloadFile(http: HttpClient, id: number | string): Promise<Blob> {
  return orThrowBadRequest(
    await call(http, uploadsEndpoints.file, { params: { id }, responseType: 'blob' }),
  );
}

/** POST /files/{id}/email `{ address }` → the server's message; a 400 is thrown too. */
export async function emailFile(
  http: HttpClient,
  id: number | string,
  address: string,
): Promise<string> {
  const answer = orThrowBadRequest(
    await call(http, uploadsEndpoints.emailFile, { params: { id }, body: { address } }),
  );
  return answer.message;
}

/** GET /images/chat/{id}: the full-size chat image as bytes (the viewer tells 404 from failure). */
export async function downloadChatImage(http: HttpClient, id: string): Promise<Blob> {
  return orThrowBadRequest(
    await call(http, uploadsEndpoints.chatImage, { params: { id }, responseType: 'blob' }),
  );
}

/** POST /images/chat/{id}/email `{ address }` → the server's message; a 400 is thrown too. */
export async function emailChatImage(
  http: HttpClient,
  id: string,
  address: string,
): Promise<string> {
  const answer = orThrowBadRequest(
    await call(http, uploadsEndpoints.emailChatImage, { params: { id }, body: { address } }),
  );
  return answer.message;
}
