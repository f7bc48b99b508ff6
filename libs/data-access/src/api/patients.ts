import { HospitalSchema, PatientSchema, type Patient } from '@pando/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { isBadRequest, orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { patientCardKeys } from './patientCards';
import { STALE } from './stale';

export async function getPatient(http: HttpClient, id: number) {
  return orThrowBadRequest(
    await http.request({
      method: 'GET',
      path: `/patients-multiple-reassign/${id}`,
      schema: PatientSchema,
    }),
  );
}

/** PUT /patients/{id}, body `{ patient }` (spec 01 §7). */
export function updatePatient(http: HttpClient, id: number, patient: Partial<Patient>) {
  return http.request({
    method: 'PUT',
    path: `/patients/${id}`,
    body: { patient },
    schema: PatientSchema,
  });
}

export async function getHospital(http: HttpClient, id: number) {
  return orThrowBadRequest(
    await http.request({ method: 'GET', path: `/hospitals/${id}`, schema: HospitalSchema }),
  );
}

export const patientKeys = {
  all: ['patients'] as const,
  detail: (id: number) => [...patientKeys.all, 'detail', id] as const,
  hospital: (id: number) => [...patientKeys.all, 'hospital', id] as const,
};

export function usePatientQuery(id: number | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: patientKeys.detail(id ?? -1),
    queryFn: () => getPatient(http, id ?? -1),
    enabled: id !== undefined,
    staleTime: STALE.patient,
  });
}

export function useHospitalQuery(id: number | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: patientKeys.hospital(id ?? -1),
    queryFn: () => getHospital(http, id ?? -1),
    enabled: id !== undefined,
    staleTime: STALE.hospital,
  });
}

export function useUpdatePatientMutation(id: number) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patient: Partial<Patient>) => updatePatient(http, id, patient),
    onSuccess: async (patient) => {
      if (isBadRequest(patient)) return;
      queryClient.setQueryData(patientKeys.detail(id), patient);
      // Cards embed their patient; refresh them so the list shows the new name or bed.
      await queryClient.invalidateQueries({ queryKey: patientCardKeys.all });
    },
  });
}
