import { useQuery } from '@tanstack/react-query';
import { orThrowBadRequest, STALE, useHttpClient, userKeys } from '@pando/data-access';
import { UserSchema } from '@pando/domain';

/**
 * The person of a /users/{userId} path. Search results address people by uuid (the chat's user
 * id, domain `searchResultRoute`), older links by numeric id; `GET /users/{id}` takes either.
 * TODO(data-access): `useUserQuery` takes a number only; move this there when it accepts a uuid.
 */
export function useUserByKeyQuery(key: string) {
  const http = useHttpClient();
  return useQuery({
    queryKey: [...userKeys.all, 'by-key', key],
    queryFn: async () =>
      orThrowBadRequest(
        await http.request({
          method: 'GET',
          path: `/users/${encodeURIComponent(key)}`,
          query: { embed: 'hospital' },
          schema: UserSchema,
        }),
      ),
    staleTime: STALE.user,
  });
}
