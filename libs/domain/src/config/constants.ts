/**
 * The manage sidebar's external links (spec 02 §2 "external links to support and a knowledge
 * base"). The spec gives no addresses: these are the defaults of the server settings SUPPORT_URL
 * and KNOWLEDGE_BASE_URL (apps/server/README.md), which a deployment points at its own pages.
 */
export const DEFAULT_SUPPORT_URL = 'https://pando.health/support';
export const DEFAULT_KNOWLEDGE_BASE_URL = 'https://pando.health/knowledge-base';
