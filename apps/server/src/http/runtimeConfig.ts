import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NoQuerySchema, RuntimeConfigSchema } from '@pando/domain';
import { PUBLIC } from '../authz/access.js';
import type { Config } from '../config.js';
import { ANALYTICS_BASE, REST_BASE } from './endpoint.js';

function chatWebsocketUrl(config: Config, req: FastifyRequest): string {
  if (config.chatWsUrl) return config.chatWsUrl;
  const origin = config.publicUrl ?? `${req.protocol}://${req.host}`;
  return `${origin.replace(/^http/, 'ws')}/xmpp`;
}

/** GET /api/config: what the SPA needs at start, decided by the server, not the build. */
export function registerRuntimeConfigRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    {
      schema: { querystring: NoQuerySchema, response: { 200: RuntimeConfigSchema } },
      config: { access: PUBLIC },
    },
    async (req, reply) => {
      const c = app.config;
      return reply.header('Cache-Control', 'no-cache').send({
        api_base: REST_BASE,
        analytics_base: ANALYTICS_BASE,
        chat_websocket_url: chatWebsocketUrl(c, req),
        chat_domain: c.xmppDomain,
        product_name: c.productName,
        demo: c.demoMode,
        redirect_disabled: c.disableLoginRedirect,
        analytics_scope: c.analyticsFixedScope ?? null,
        // Public like the rest of this answer: see the server README on ANALYTICS_DEMO_ACCOUNT.
        analytics_demo: c.analyticsDemo
          ? {
              organisation_id: c.analyticsDemo.organisationId,
              email_domains: c.analyticsDemo.emailDomains,
              accounts: c.analyticsDemo.accounts,
            }
          : null,
        support_url: c.supportUrl,
        knowledge_base_url: c.knowledgeBaseUrl,
      });
    },
  );
}
