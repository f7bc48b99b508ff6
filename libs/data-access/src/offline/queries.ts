import { dehydrate, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { OfflineCopy } from './OfflineCopy';
import { QUERIES } from './sealedRecord';

/**
 * Which answers the copy keeps: who is signed in, the sidebar's lists, the teams, advice
 * conversations, people and wards opened or named, and, when the organisation allows it (`offline_patient_data`), the patient list and the
 * cards and patients the person opened. Nothing else (admin screens, searches, analytics) is
 * kept. A card is kept when it was opened, not fetched ahead: every card read is an audited access
 * (issue 36), so the copy never reads records the person did not.
 */
export function keptInCopy(key: QueryKey, patientData: boolean): boolean {
  const [area, kind] = key;
  if (area === 'auth') return kind === 'current-user';
  // The sidebar's lists, and the team and advice conversations opened (their panes' headers).
  if (area === 'teams')
    return kind === 'with-advice-conversations' || kind === 'detail' || kind === 'members';
  if (area === 'advice') return kind === 'detail';
  if (area === 'users') return kind === 'detail';
  if (area === 'wards') return true;
  if (!patientData) return false;
  if (area === 'patient-cards') return kind === 'detail' || (kind === 'list' && key.length === 2);
  return area === 'patients' && kind === 'detail';
}

/**
 * Puts the copy's answers into the cache before the first signed-in render: the sidebar and the
 * last screens paint at once (offline too) while the live answers load. Answers keep the time
 * they were fetched (the freshness line says it) and are marked stale, so each is asked again
 * as soon as it is shown with a network.
 * Returns when the answers were saved, or undefined when the copy had none.
 */
export function restoreQueries(client: QueryClient, copy: OfflineCopy): number | undefined {
  const saved = copy.read<ReturnType<typeof dehydrate>>(QUERIES);
  if (!saved) return undefined;
  const patientData = copy.patientDataAllowed;
  const queries = saved.value.queries.filter((q) => keptInCopy(q.queryKey, patientData));
  hydrate(client, { ...saved.value, mutations: [], queries });
  // Stale whatever their age: a page load asks each of them again as it is shown (a card deleted
  // meanwhile must go, not wait out its stale time), while the copy's answer shows "Updating…".
  const restored = new Set(queries.map((q) => q.queryHash));
  void client.invalidateQueries({
    predicate: (q) => restored.has(q.queryHash),
    refetchType: 'none',
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
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    const changed =
      (event.type === 'updated' && event.action.type === 'success') || event.type === 'removed';
    const key = event.query.queryKey as QueryKey;
    if (changed && keptInCopy(key, true)) save();
  });
  // A page being left stores what is still waiting (best effort: sealing is asynchronous).
  const onHide = () => void copy.flush();
  // No window in the unit tests' Node environment.
  const page = typeof window === 'undefined' ? undefined : window;
  page?.addEventListener('pagehide', onHide);
  return () => {
    unsubscribe();
    page?.removeEventListener('pagehide', onHide);
  };
}
