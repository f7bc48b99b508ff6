import {
  CARD_SHARE_ACCESS_TYPE,
  ImageListResponseSchema,
  CreatedIdSchema,
  ImageMetaSchema,
  shareImagePath,
  type ShareTarget,
} from '@pando/domain';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../http/createHttpClient';
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
  return http.request({ method: 'POST', path: '/images', body: form, schema: ImageMetaSchema });
}

export async function getImage(http: HttpClient, id: number, thumbnail: boolean) {
  return orThrowBadRequest(
    await http.request<Blob>({
      method: 'GET',
      path: `/images/${id}`,
      query: { thumbnail },
      responseType: 'blob',
    }),
  );
}

export async function listPatientImages(http: HttpClient, patientId: number, thumbnail = true) {
  return orThrowBadRequest(
    await http.request({
      method: 'GET',
      path: '/images',
      query: { patient_id: patientId, thumbnail },
      schema: ImageListResponseSchema,
    }),
  );
}

/** POST /images/chat: reserves an image record for a chat message; PUT uploads the bytes. */
export function createChatImage(http: HttpClient) {
  return http.request({ method: 'POST', path: '/images/chat', schema: CreatedIdSchema });
}

export function shareChatImage(http: HttpClient, id: number | string, target: ShareTarget) {
  return http.request({
    method: 'POST',
    path: shareImagePath(encodeURIComponent(String(id)), target),
    body: { access_type: CARD_SHARE_ACCESS_TYPE },
    schema: z.unknown(),
  });
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
