import { z } from 'zod';
import { DEFAULT_KNOWLEDGE_BASE_URL, DEFAULT_SUPPORT_URL } from './constants';
import { lazySchema } from '../wire/lazySchema';

/** Fixed analytics scope set by configuration (spec 02 §6). */
export const AnalyticsScopeSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['organisation', 'network']),
    id: z.string().min(1),
  }),
);

/**
 * Spec 02 §6 "certain internal email domains and one named account map to a fixed demo
 * organisation" (server settings ANALYTICS_DEMO_*): the organisation (uuid or numeric id) and who
 * is mapped to it. Emails and domains are compared case-insensitively.
 */
export const AnalyticsDemoSchema = lazySchema(() =>
  z.object({
    organisation_id: z.string().min(1),
    email_domains: z.array(z.string().min(1)),
    accounts: z.array(z.string().min(1)),
  }),
);
export type AnalyticsDemo = z.infer<typeof AnalyticsDemoSchema>;

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
 * - `demo`: demo mode (spec 02 §9: made-up data; the sales demo, apps/demo, runs the server in
 *   the page).
 * - `redirect_disabled`: spec 01 §8 "unless redirect is disabled by configuration".
 * - `analytics_scope`: optional fixed scope (spec 02 §6), null when not fixed.
 * - `analytics_demo`: the demo organisation mapping (spec 02 §6), null when not configured.
 * - `support_url`, `knowledge_base_url`: the manage sidebar's external links (spec 02 §2; the spec
 *   gives no addresses, so a deployment sets its own; the defaults are `DEFAULT_*_URL`).
 */
export const RuntimeConfigSchema = lazySchema(() =>
  z.object({
    api_base: z.string().min(1).default('/api/v4'),
    analytics_base: z.string().min(1).default('/api/v1'),
    chat_websocket_url: z.string().min(1),
    chat_domain: z.string().regex(/^[A-Za-z0-9.-]+$/, 'must be a host name'),
    product_name: z.string().min(1).default('Pando'),
    demo: z.boolean().default(false),
    redirect_disabled: z.boolean().default(false),
    analytics_scope: AnalyticsScopeSchema.nullable().default(null),
    analytics_demo: AnalyticsDemoSchema.nullable().default(null),
    support_url: z.string().min(1).default(DEFAULT_SUPPORT_URL),
    knowledge_base_url: z.string().min(1).default(DEFAULT_KNOWLEDGE_BASE_URL),
  }),
);
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
