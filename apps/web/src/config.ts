import { RuntimeConfigParser, type RuntimeConfig } from '@pando/domain';

/** Where the last configuration is kept for a start without network (issue 37). */
const CONFIG_ITEM = 'pando.config';

/**
 * Reads the runtime configuration from the server (`GET /api/config`) instead of build-time
 * constants, so one build runs in every environment. A bad answer names the offending field.
 * The answer is checked with the zod-free `RuntimeConfigParser` (the rules of `RuntimeConfigSchema`):
 * this runs before the login page shows, and zod is not part of the login route (issue 10).
 */
export async function loadRuntimeConfig(
  fetcher: typeof fetch = fetch,
  given?: Pick<Storage, 'getItem' | 'setItem'>,
): Promise<RuntimeConfig> {
  const storage = given ?? globalThis.localStorage;
  let body: unknown;
  try {
    const response = await fetcher('/api/config', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    // Issue 37: with no network the app opens on the configuration it last had (nothing in it
    // is secret: it is what every visitor of the login page gets); with none, the error stands.
    const kept = storage.getItem(CONFIG_ITEM);
    if (!kept || (typeof navigator !== 'undefined' && navigator.onLine)) throw error;
    body = JSON.parse(kept) as unknown;
  }
  const parsed = RuntimeConfigParser.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `GET /api/config: ${issue?.path.map(String).join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  try {
    storage.setItem(CONFIG_ITEM, JSON.stringify(body));
  } catch {
    // A full or refused storage only costs the offline start.
  }
  return parsed.data;
}

/** The API base as an absolute URL (the config may give a path such as `/api/v4`). */
export function apiBaseUrl(config: RuntimeConfig, origin: string): string {
  return new URL(config.api_base, origin).toString().replace(/\/+$/, '');
}
