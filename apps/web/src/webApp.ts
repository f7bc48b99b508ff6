import type { ChatTransport, HttpLogger } from '@pando/data-access';
import { analyticsScopeConfig, type RuntimeConfig } from '@pando/domain';
import { createPandoApp, type ChatSession, type PandoApp } from '@pando/features';
import { apiBaseUrl } from './config';

/** Starts downloading the web app's chat adapter (XMPP) at boot, before the configuration is in. */
export const loadWebChat = () => import('./webChat');

/**
 * The production app: the one composition root (`createPandoApp`) with the real API at the
 * configured base and the chat over XMPP. `transport` replaces the XMPP connection in the wiring
 * test only.
 */
export function createWebApp(
  config: RuntimeConfig,
  logger: HttpLogger,
  transport?: (session: ChatSession) => ChatTransport,
): PandoApp {
  return createPandoApp({
    productName: config.product_name,
    chatDomain: config.chat_domain,
    redirectDisabled: config.redirect_disabled,
    manage: {
      analytics: analyticsScopeConfig(config),
      supportUrl: config.support_url,
      knowledgeBaseUrl: config.knowledge_base_url,
    },
    logger,
    api: {
      baseUrl: apiBaseUrl(config, window.location.origin),
      clientVersion: __PANDO_VERSION__,
      clientBuild: __PANDO_BUILD__,
    },
    loadChat: () => loadWebChat().then((m) => m.webChat(config, transport)),
    // Issue 37: the encrypted copy for offline reading (libs/data-access/src/offline/README.md).
    offlineCopy: (http) =>
      import('./offlineCopy').then((m) => m.webOfflineCopy(http, logger, config)),
  });
}
