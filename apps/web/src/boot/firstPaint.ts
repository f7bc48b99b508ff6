import { readBootCopy } from '@pando/data-access';
import { loginEndpoints, type OfflineKeyResponse, type RuntimeConfig } from '@pando/domain';
import { firstPaintView, type FirstPaintView } from '@pando/features';
import { apiBaseUrl } from '../config';

/** How long the first paint may hold the app back (the key's request, the copy's read). */
const FIRST_PAINT_WAIT_MS = 1000;

/** `GET /login/offline-key` with the session cookie, without the app's HTTP client (or zod). */
async function fetchKey(config: RuntimeConfig): Promise<OfflineKeyResponse | undefined> {
  try {
    const base = apiBaseUrl(config, window.location.origin);
    const response = await fetch(`${base}${loginEndpoints.offlineKey.path}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as Partial<OfflineKeyResponse>;
    return typeof body.key === 'string' && typeof body.expires_at === 'string'
      ? {
          key: body.key,
          expires_at: body.expires_at,
          offline_patient_data: !!body.offline_patient_data,
        }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The chat list of a returning visit, from the encrypted offline copy (issue 37), or undefined:
 * no copy, no session, or not within `FIRST_PAINT_WAIT_MS` (the app then opens as it always has).
 */
export async function loadFirstPaint(
  config: Promise<RuntimeConfig>,
  pageStartedAt: number,
): Promise<FirstPaintView | undefined> {
  const view = (async () => {
    const cfg = await config;
    const copy = await readBootCopy({
      fetchKey: () => fetchKey(cfg),
      keyStorage: window.sessionStorage,
    });
    return copy && firstPaintView(copy, cfg.chat_domain, navigator.onLine, pageStartedAt);
  })().catch(() => undefined);
  const late = new Promise<undefined>((resolve) => {
    setTimeout(() => {
      resolve(undefined);
    }, FIRST_PAINT_WAIT_MS);
  });
  return Promise.race([view, late]);
}
