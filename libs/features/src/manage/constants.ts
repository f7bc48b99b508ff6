/**
 * The manage sidebar's external links (spec 02 §2 "external links to support and a knowledge
 * base"). The spec gives no addresses; these are ours, kept here so one edit changes them.
 */
export const SUPPORT_URL = 'https://pando.health/support';
export const KNOWLEDGE_BASE_URL = 'https://pando.health/knowledge-base';
/** Where the broadcast banner asks admins to write (spec 02 §2). */
export const SUPPORT_EMAIL = 'support@pando.health';
