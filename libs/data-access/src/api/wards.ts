import { NO_WARD_ID, NO_WARD_LABEL, patientsEndpoints, type Ward } from '@pando/domain';
import { useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';

/** Spec 01 §3 "Ward": a pseudo-ward with id 0 is labelled 'No ward'. */
const NO_WARD: Ward = { id: NO_WARD_ID, name: NO_WARD_LABEL, hospital: null };

/** GET /wards?search={hospitalName}&embed=hospital → results. */
export async function getWards(http: HttpClient, hospitalName: string) {
  const answer = orThrowBadRequest(
    await call(http, patientsEndpoints.wards, {
      query: { search: hospitalName, embed: 'hospital' },
    }),
  );
  return answer.results;
}

const wardKeys = {
  all: ['wards'] as const,
  byHospital: (hospitalName: string) => [...wardKeys.all, hospitalName] as const,
};

/** The hospital's wards with 'No ward' first, for the patient form's ward choice (spec 01 §5). */
export function useWardsQuery(hospitalName: string | undefined) {
  const http = useHttpClient();
  return useQuery({
    queryKey: wardKeys.byHospital(hospitalName ?? ''),
    queryFn: () => getWards(http, hospitalName ?? ''),
    enabled: hospitalName !== undefined,
    staleTime: STALE.wards,
    select: (wards) => [NO_WARD, ...wards.filter((ward) => ward.id !== NO_WARD_ID)],
  });
}
