import { readBootCopy, type BootCopy } from '@pando/data-access';
import { firstPaintEndpoints, type OfflineKeyResponse, type RuntimeConfig } from '@pando/domain';
import { firstPaintView, type FirstPaintView } from '@pando/features';
import { apiBaseUrl } from '../config';

/** How long the first paint may hold the app back (the key's request, the copy's read). */
const FIRST_PAINT_WAIT_MS = 1000;

/** A GET with the session cookie, without the app's HTTP client (or zod); undefined if refused. */
async function getJson(config: RuntimeConfig, path: string): Promise<unknown> {
  try {
    const response = await fetch(`${apiBaseUrl(config, window.location.origin)}${path}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** `GET /login/offline-key`: the key of this session's copy. */
async function fetchKey(config: RuntimeConfig): Promise<OfflineKeyResponse | undefined> {
  const body = await getJson(config, firstPaintEndpoints.offlineKey.path);
  return isObject(body) && typeof body.key === 'string' && typeof body.expires_at === 'string'
    ? {
        key: body.key,
        expires_at: body.expires_at,
        offline_patient_data: !!body.offline_patient_data,
      }
    : undefined;
}

/**
 * A first visit (no copy yet): the two answers the list needs, asked for at once. The app asks
 * for them again when it loads (it validates them with its schemas); what is read here is only
 * checked to be the shape the list reads.
 */
async function fromNetwork(config: RuntimeConfig): Promise<BootCopy | undefined> {
  const [user, lists] = await Promise.all([
    getJson(config, firstPaintEndpoints.currentUser.path),
    getJson(config, firstPaintEndpoints.sidebarLists.path),
  ]);
  const listed = (key: string) => isObject(lists) && Array.isArray(lists[key]);
  if (!isObject(user) || typeof user.id !== 'number' || typeof user.access_level !== 'string')
    return undefined;
  if (!listed('teams') || !listed('forums') || !listed('advice_conversations')) return undefined;
  return {
    lists: lists as BootCopy['lists'],
    user: user as BootCopy['user'],
    savedAt: Date.now(),
    // The chat's inbox brings them, with the app, as on every first visit.
    directs: [],
    unread: {},
  };
}

/**
 * The chat list before the app (issue 37): from the encrypted offline copy on a returning visit,
 * from the network on a first one; undefined without a session or not within
 * `FIRST_PAINT_WAIT_MS` (the app then opens as it always has).
 */
export async function loadFirstPaint(
  config: Promise<RuntimeConfig>,
  pageStartedAt: number,
): Promise<FirstPaintView | undefined> {
  const view = (async () => {
    const cfg = await config;
    const copy =
      (await readBootCopy({ fetchKey: () => fetchKey(cfg), keyStorage: window.sessionStorage })) ??
      (navigator.onLine ? await fromNetwork(cfg) : undefined);
    return copy && firstPaintView(copy, cfg.chat_domain, navigator.onLine, pageStartedAt);
  })().catch(() => undefined);
  const late = new Promise<undefined>((resolve) => {
    setTimeout(() => {
      resolve(undefined);
    }, FIRST_PAINT_WAIT_MS);
  });
  return Promise.race([view, late]);
}
