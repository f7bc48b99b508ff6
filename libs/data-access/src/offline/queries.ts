import { dehydrate, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { OfflineCopy } from './OfflineCopy';

/** The copy's record of REST answers (React Query's dehydrated state). */
const QUERIES = 'queries';

/**
 * Which answers the copy keeps: who is signed in, the sidebar's lists, the people and wards they
 * name, and, when the organisation allows it (`offline_patient_data`), the patient list and the
 * cards and patients the person opened. Nothing else (admin screens, searches, analytics) is
 * kept. A card is kept when it was opened, not fetched ahead: every card read is an audited access
 * (issue 36), so the copy never reads records the person did not.
 */
export function keptInCopy(key: QueryKey, patientData: boolean): boolean {
  const [area, kind] = key;
  if (area === 'auth') return kind === 'current-user';
  if (area === 'teams') return kind === 'with-advice-conversations';
  if (area === 'users') return kind === 'detail';
  if (area === 'wards') return true;
  if (!patientData) return false;
  if (area === 'patient-cards') return kind === 'detail' || (kind === 'list' && key.length === 2);
  return area === 'patients' && kind === 'detail';
}

/**
 * Puts the copy's answers into the cache before the first signed-in render: the sidebar and the
 * last screens paint at once (offline too) while the live answers load. Answers keep the time
 * they were fetched, so they count as stale and are asked again as soon as there is a network.
 * Returns when the answers were saved, or undefined when the copy had none.
 */
export function restoreQueries(client: QueryClient, copy: OfflineCopy): number | undefined {
  const saved = copy.read<ReturnType<typeof dehydrate>>(QUERIES);
  if (!saved) return undefined;
  const patientData = copy.patientDataAllowed;
  hydrate(client, {
    ...saved.value,
    mutations: [],
    queries: saved.value.queries.filter((q) => keptInCopy(q.queryKey, patientData)),
  });
  return saved.savedAt;
}

/** Keeps the copy's answers up to date as answers arrive; returns the unsubscribe. */
export function persistQueries(client: QueryClient, copy: OfflineCopy): () => void {
  const save = () => {
    if (!copy.isOpen) return;
    const patientData = copy.patientDataAllowed;
    copy.write(
      QUERIES,
      dehydrate(client, {
        shouldDehydrateQuery: (q) =>
          q.state.status === 'success' && keptInCopy(q.queryKey, patientData),
        shouldDehydrateMutation: () => false,
      }),
    );
  };
  return client.getQueryCache().subscribe((event) => {
    if (
      (event.type === 'updated' && event.action.type === 'success') ||
      (event.type === 'removed' && keptInCopy(event.query.queryKey, true))
    ) {
      if (keptInCopy(event.query.queryKey, true)) save();
    }
  });
}
