// Every table of the server. The chat archive/inbox tables (./chat.ts) belong to the XMPP module.
export * from './org.js';
export * from './users.js';
export * from './auth.js';
export * from './teams.js';
export * from './patients.js';
export * from './forms.js';
export * from './admin.js';
export * from './chat.js';
export * from './analytics.js';
export * from './audit.js';
