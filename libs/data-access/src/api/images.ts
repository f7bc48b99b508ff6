import { CARD_SHARE_ACCESS_TYPE, uploadsEndpoints, type ShareTarget } from '@pando/domain';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';

/** POST /images multipart: image, title, filename, patient_id. */
export function uploadPatientImage(
  http: HttpClient,
  upload: { image: Blob; title: string; filename: string; patient_id: number },
) {
  const form = new FormData();
  form.set('image', upload.image, upload.filename);
  form.set('title', upload.title);
  form.set('filename', upload.filename);
  form.set('patient_id', String(upload.patient_id));
  return call(http, uploadsEndpoints.uploadPatientImage, { body: form });
}

export async function getImage(http: HttpClient, id: number, thumbnail: boolean) {
  return orThrowBadRequest(
    await call(http, uploadsEndpoints.patientImage, {
      params: { id },
      query: { thumbnail },
      responseType: 'blob',
    }),
  );
}

export async function listPatientImages(http: HttpClient, patientId: number, thumbnail = true) {
  return orThrowBadRequest(
    await call(http, uploadsEndpoints.patientImages, {
      query: { patient_id: patientId, thumbnail },
    }),
  );
}

/** POST /images/chat: reserves an image record for a chat message; PUT uploads the bytes. */
export function createChatImage(http: HttpClient) {
  return call(http, uploadsEndpoints.createChatImage, { body: undefined });
}

/** POST /images/chat/{id}/share/{users|teams|advice-conversation}/{targetId}. */
export function shareChatImage(http: HttpClient, id: number | string, target: ShareTarget) {
  const input = {
    params: { id, targetId: target.id },
    body: { access_type: CARD_SHARE_ACCESS_TYPE } as const,
  };
  if (target.kind === 'user') return call(http, uploadsEndpoints.shareChatImageWithUser, input);
  if (target.kind === 'team') return call(http, uploadsEndpoints.shareChatImageWithTeam, input);
  return call(http, uploadsEndpoints.shareChatImageWithAdvice, input);
}

const imageKeys = {
  all: ['images'] as const,
  patient: (patientId: number) => [...imageKeys.all, 'patient', patientId] as const,
  image: (id: number, thumbnail: boolean) => [...imageKeys.all, 'image', id, thumbnail] as const,
};

export function usePatientImagesQuery(patientId: number | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: imageKeys.patient(patientId ?? -1),
    queryFn: () => listPatientImages(http, patientId ?? -1),
    enabled: patientId !== undefined,
    staleTime: STALE.images,
  });
}

/** The images (thumbnails) of several patients at once, e.g. the gallery; one query each. */
export function usePatientsImagesQueries(patientIds: readonly number[]) {
  const http = useHttpClient();
  return useQueries({
    queries: patientIds.map((patientId) => ({
      queryKey: imageKeys.patient(patientId),
      queryFn: () => listPatientImages(http, patientId),
      staleTime: STALE.images,
    })),
  });
}

export function useImageQuery(id: number | undefined, thumbnail: boolean) {
  const http = useHttpClient();
  return useQuery({
    queryKey: imageKeys.image(id ?? -1, thumbnail),
    queryFn: () => getImage(http, id ?? -1, thumbnail),
    enabled: id !== undefined,
    staleTime: STALE.image,
  });
}

export function useUploadPatientImageMutation(patientId: number) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: { image: Blob; title: string; filename: string }) =>
      uploadPatientImage(http, { ...upload, patient_id: patientId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: imageKeys.patient(patientId) }),
  });
}
