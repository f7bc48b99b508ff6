// Every table of the server. The chat archive/inbox tables (./chat.ts) belong to the XMPP module.
// The migrations are the DDL; these describe each table once for TypeScript (db.test.ts holds
// them equal to the migrated database). Columns are keyed by their SQL names, so
// `typeof users.$inferSelect` is the row raw SQL returns; repositories' row types Pick from it.
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
