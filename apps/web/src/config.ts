import { RuntimeConfigParser, type RuntimeConfig } from '@pando/domain';

/**
 * Reads the runtime configuration from the server (`GET /api/config`) instead of build-time
 * constants, so one build runs in every environment. A bad answer names the offending field.
 * The answer is checked with the zod-free `RuntimeConfigParser` (the rules of `RuntimeConfigSchema`):
 * this runs before the login page shows, and zod is not part of the login route (issue 10).
 */
export async function loadRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetcher('/api/config', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  const parsed = RuntimeConfigParser.safeParse(await response.json());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `GET /api/config: ${issue?.path.map(String).join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

/** The API base as an absolute URL (the config may give a path such as `/api/v4`). */
export function apiBaseUrl(config: RuntimeConfig, origin: string): string {
  return new URL(config.api_base, origin).toString().replace(/\/+$/, '');
}
