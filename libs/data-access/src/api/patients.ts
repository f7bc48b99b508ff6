import { patientsEndpoints, type Patient } from '@pando/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { isBadRequest } from '../http/errors';
import { isEditConflict } from './editConflict';
import { useHttpClient } from './PandoApiProvider';
import { patientCardKeys } from './patientCards';

/**
 * PUT /patients/{id}, body `{ patient }` (spec 01 §7) with the fields that change. A
 * `modified_at` given is the version the change was made on, sent beside `patient`: if someone
 * else changed the patient since, the change is refused (409 `EDIT_CONFLICT`, issue 35).
 */
export function updatePatient(http: HttpClient, id: number, change: Partial<Patient>) {
  const { modified_at: version, ...patient } = change;
  return call(http, patientsEndpoints.updatePatient, {
    params: { id },
    body: { patient, ...(version === undefined ? {} : { modified_at: version }) },
  });
}

const patientKeys = {
  all: ['patients'] as const,
  detail: (id: number) => [...patientKeys.all, 'detail', id] as const,
};

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
    onError: async (error) => {
      // Someone else changed the patient: show the latest version (issue 35).
      if (!isEditConflict(error)) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: patientCardKeys.all }),
      ]);
    },
  });
}
