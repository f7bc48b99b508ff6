import { z } from 'zod';

/** Fixed analytics scope set by configuration (spec 02 §6). */
export const AnalyticsScopeSchema = z.object({
  kind: z.enum(['organisation', 'network']),
  id: z.string().min(1),
});

/**
 * `GET /api/config`: what the SPA reads at start instead of build-time constants.
 *
 * - `api_base`: REST prefix, e.g. `/api/v4`.
 * - `analytics_base`: analytics prefix, e.g. `/api/v1`.
 * - `chat_websocket_url`: XMPP over WebSocket endpoint, e.g. `wss://host/xmpp` (relative `/xmpp`
 *   is allowed; the client resolves it against the page origin).
 * - `chat_domain`: the XMPP domain (users are `{uuid}@{chat_domain}`, rooms
 *   `{mim_id}@muclight.{chat_domain}`).
 * - `product_name`: shown in titles and dialogs ("Pando").
 * - `demo`: demo mode (mock data, no server).
 * - `redirect_disabled`: spec 01 §8 "unless redirect is disabled by configuration".
 * - `analytics_scope`: optional fixed scope (spec 02 §6), null when not fixed.
 */
export const RuntimeConfigSchema = z.object({
  api_base: z.string().min(1).default('/api/v4'),
  analytics_base: z.string().min(1).default('/api/v1'),
  chat_websocket_url: z.string().min(1),
  chat_domain: z.string().regex(/^[A-Za-z0-9.-]+$/, 'must be a host name'),
  product_name: z.string().min(1).default('Pando'),
  demo: z.boolean().default(false),
  redirect_disabled: z.boolean().default(false),
  analytics_scope: AnalyticsScopeSchema.nullable().default(null),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
