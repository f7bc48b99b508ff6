import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { ForbiddenError, NotFoundError } from '../http/errors';
import type { OfflineCopy } from './OfflineCopy';
import { QUERIES } from './sealedRecord';

interface KeptAnswers {
  /** The start of their query keys (the api modules' key factories). */
  key: QueryKey;
  /** Only when the organisation allows patient data offline (`offline_patient_data`). */
  patientData?: true;
  /** This key alone, not the longer ones under it (the patient list, not its searches). */
  exact?: true;
}

/** What `keptInCopy` keeps; `keepKeptAnswers` pins the same answers in the cache. */
const KEPT: readonly KeptAnswers[] = [
  { key: ['auth', 'current-user'] },
  // The sidebar's lists, and the team and advice conversations opened (their panes' headers).
  { key: ['teams', 'with-advice-conversations'] },
  { key: ['teams', 'detail'] },
  { key: ['teams', 'members'] },
  { key: ['advice', 'detail'] },
  { key: ['users', 'detail'] },
  { key: ['wards'] },
  { key: ['patient-cards', 'detail'], patientData: true },
  { key: ['patient-cards', 'list'], patientData: true, exact: true },
  { key: ['patients', 'detail'], patientData: true },
];

const startsWith = (key: QueryKey, start: QueryKey) => start.every((part, i) => key[i] === part);

/**
 * Which answers the copy keeps: who is signed in, the sidebar's lists, the teams, advice
 * conversations, people and wards opened or named, and, when the organisation allows it (`offline_patient_data`), the patient list and the
 * cards and patients the person opened. Nothing else (admin screens, searches, analytics) is
 * kept. A card is kept when it was opened, not fetched ahead: every card read is an audited access
 * (issue 36), so the copy never reads records the person did not.
 */
export function keptInCopy(key: QueryKey, patientData: boolean): boolean {
  return KEPT.some(
    (kept) =>
      (patientData || !kept.patientData) &&
      startsWith(key, kept.key) &&
      (!kept.exact || key.length === kept.key.length),
  );
}

/**
 * Kept answers stay in the cache for the page's life, also when no screen shows them: React
 * Query lets an unobserved answer go after its gcTime (5 min), and the next save of the copy,
 * a dehydration of the cache, would then leave it out, so a card opened earlier in a shift would
 * silently drop out of the copy. Only an explicit removal (a card deleted, a reassignment
 * refused) makes the copy forget one. The cost is the memory of what the copy holds anyway.
 */
function keepKeptAnswers(client: QueryClient, patientData: boolean): void {
  const libraryDefault = client.getDefaultOptions().queries?.gcTime;
  for (const kept of KEPT) {
    if (kept.patientData && !patientData) continue;
    client.setQueryDefaults(kept.key, { gcTime: Infinity });
    // The keys under an exact one are not kept; under the list they are its searches
    // (`patientCardKeys.search`): the cache's own gcTime again (registered after the prefix's,
    // so it wins in `getQueryDefaults`; the tests hold this and `keptInCopy` together).
    if (kept.exact) client.setQueryDefaults([...kept.key, 'search'], { gcTime: libraryDefault });
  }
}

/**
 * Puts the copy's answers into the cache before the first signed-in render: the sidebar and the
 * last screens paint at once (offline too) while the live answers load. Answers keep the time
 * they were fetched (the freshness line says it) and are marked stale, so each is asked again
 * as soon as it is shown with a network.
 * Returns when the answers were saved, or undefined when the copy had none.
 */
export function restoreQueries(client: QueryClient, copy: OfflineCopy): number | undefined {
  const patientData = copy.patientDataAllowed;
  // Also on a first visit, with nothing to restore: what it opens must stay until it is saved.
  keepKeptAnswers(client, patientData);
  const saved = copy.read<ReturnType<typeof dehydrate>>(QUERIES);
  if (!saved) return undefined;
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

/** Deleted, or no longer shared with the person (404/403): an answer held for it must go. */
const isGone = (error: unknown) =>
  error instanceof NotFoundError || error instanceof ForbiddenError;

/**
 * An answer the copy holds: a success, or the last answer of a query whose refresh failed (no
 * network, a server error): offline, a restored answer's refresh fails and it is still what the
 * person saw. Not when the failure says the record is gone (as `PatientDetail` stops showing it).
 */
const holdsAnswer = (q: Query) =>
  q.state.status === 'success' ||
  (q.state.status === 'error' && q.state.data !== undefined && !isGone(q.state.error));

/** A failed refresh is stored as the answer it kept: the next page shows it, not the failure. */
function asAnswer(q: DehydratedState['queries'][number]): DehydratedState['queries'][number] {
  if (q.state.status !== 'error') return q;
  return {
    ...q,
    state: {
      ...q.state,
      status: 'success',
      error: null,
      fetchFailureCount: 0,
      fetchFailureReason: null,
    },
  };
}

/** Keeps the copy's answers up to date as answers arrive; returns the unsubscribe. */
export function persistQueries(client: QueryClient, copy: OfflineCopy): () => void {
  const save = () => {
    if (!copy.isOpen) return;
    const patientData = copy.patientDataAllowed;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (q) => holdsAnswer(q) && keptInCopy(q.queryKey, patientData),
      shouldDehydrateMutation: () => false,
    });
    copy.write(QUERIES, { ...state, queries: state.queries.map(asAnswer) });
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    // A record found gone leaves the copy at once, not at the next answer.
    const changed =
      (event.type === 'updated' &&
        (event.action.type === 'success' ||
          (event.action.type === 'error' && isGone(event.action.error)))) ||
      event.type === 'removed';
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
