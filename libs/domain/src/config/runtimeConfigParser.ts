import type { RuntimeConfig } from './schemas';
import { DEFAULT_KNOWLEDGE_BASE_URL, DEFAULT_SUPPORT_URL } from './constants';
import {
  plainArray,
  plainBoolean,
  plainDefault,
  plainEnum,
  plainNullable,
  plainObject,
  plainParser,
  plainString,
  type WireParser,
} from '../wire/plainParsers';

/**
 * `RuntimeConfigSchema` (`GET /api/config`) without zod: the web app reads its configuration
 * before the login page shows, so this parse is on the login route (issue 10). It accepts exactly
 * what the zod schema accepts, with the same defaults (`plainParsers.test.ts`).
 */
export const RuntimeConfigParser: WireParser<RuntimeConfig> = plainParser(
  plainObject({
    api_base: plainDefault(plainString({ min: 1 }), '/api/v4'),
    analytics_base: plainDefault(plainString({ min: 1 }), '/api/v1'),
    chat_websocket_url: plainString({ min: 1 }),
    chat_domain: plainString({ pattern: /^[A-Za-z0-9.-]+$/, message: 'must be a host name' }),
    product_name: plainDefault(plainString({ min: 1 }), 'Pando'),
    demo: plainDefault(plainBoolean(), false),
    redirect_disabled: plainDefault(plainBoolean(), false),
    analytics_scope: plainDefault(
      plainNullable(
        plainObject({
          kind: plainEnum(['organisation', 'network']),
          id: plainString({ min: 1 }),
        }),
      ),
      null,
    ),
    analytics_demo: plainDefault(
      plainNullable(
        plainObject({
          organisation_id: plainString({ min: 1 }),
          email_domains: plainArray(plainString({ min: 1 })),
          accounts: plainArray(plainString({ min: 1 })),
        }),
      ),
      null,
    ),
    support_url: plainDefault(plainString({ min: 1 }), DEFAULT_SUPPORT_URL),
    knowledge_base_url: plainDefault(plainString({ min: 1 }), DEFAULT_KNOWLEDGE_BASE_URL),
  }),
);
