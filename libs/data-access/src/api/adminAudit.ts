import { auditEndpoints, pathOf, type AuditFilter } from '@pando/domain';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../http/createHttpClient';
import { call } from '../http/endpoint';
import { orThrowBadRequest } from '../http/errors';
import { useHttpClient } from './PandoApiProvider';
import { STALE } from './stale';

/*
 * The audit trail for administrators (issue 36): `GET /admin/audit` (paged, newest first) and its
 * CSV export `GET /admin/audit/export`, with the same filters. Reading the trail is recorded by
 * the server too, so nothing here polls it: a page is fetched when the filters change, and again
 * after STALE.admin.
 */

/** The filters of the audit log screen, as the wire spells them (domain `AuditFilterSchema`). */
export type AuditLogFilter = Pick<
  AuditFilter,
  'patient_id' | 'user_id' | 'action' | 'resource_type' | 'from' | 'to'
>;

/** Events per page of the audit log (the server allows up to 1,000). */
const AUDIT_PAGE_SIZE = 50;

const filterQuery = (f: AuditLogFilter) => ({
  patient_id: f.patient_id,
  user_id: f.user_id,
  action: f.action || undefined,
  resource_type: f.resource_type || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
});

const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (f: AuditLogFilter, pageSize: number) =>
    [...auditKeys.all, 'list', filterQuery(f), pageSize] as const,
};

/** GET /admin/audit?page=&page-size=&…filters (newest first). */
async function getAuditEvents(
  http: HttpClient,
  filter: AuditLogFilter,
  page: number,
  pageSize: number,
) {
  return orThrowBadRequest(
    await call(http, auditEndpoints.trail, {
      query: { ...filterQuery(filter), page, 'page-size': pageSize },
    }),
  );
}

/**
 * GET /admin/audit/export?…filters: the filtered view as CSV bytes. The URL is the declaration's
 * (auditEndpoints.csv, which answers the CSV text); the bytes come as a Blob, unparsed.
 */
async function getAuditCsv(http: HttpClient, filter: AuditLogFilter): Promise<Blob> {
  return orThrowBadRequest(
    await http.request<Blob>({
      method: auditEndpoints.csv.method,
      path: pathOf(auditEndpoints.csv, undefined),
      query: filterQuery(filter),
      responseType: 'blob',
    }),
  );
}

/** The audit log, a page of 50 at a time as the table scrolls (pages concatenated by `adminRows`). */
export function useAuditEventsInfiniteQuery(filter: AuditLogFilter) {
  const http = useHttpClient();
  return useInfiniteQuery({
    queryKey: auditKeys.list(filter, AUDIT_PAGE_SIZE),
    queryFn: ({ pageParam }) => getAuditEvents(http, filter, pageParam, AUDIT_PAGE_SIZE),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.results.length, 0);
      return loaded < last.totalResults && last.results.length > 0 ? last.page + 1 : undefined;
    },
    placeholderData: keepPreviousData,
    staleTime: STALE.admin,
  });
}

/** A person's most recent audited actions (the user detail page): the first `count` events. */
export function useRecentAuditEventsQuery(userId: number | undefined, count = 5) {
  const http = useHttpClient();
  const filter: AuditLogFilter = { user_id: userId };
  return useQuery({
    queryKey: auditKeys.list(filter, count),
    queryFn: () => getAuditEvents(http, filter, 0, count),
    enabled: userId !== undefined,
    staleTime: STALE.admin,
  });
}

/** Fetches the CSV of the filtered view (saving it is the screen's). */
export function useAuditCsvMutation() {
  const http = useHttpClient();
  return useMutation({ mutationFn: (filter: AuditLogFilter) => getAuditCsv(http, filter) });
}
