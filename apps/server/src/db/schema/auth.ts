import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { hospitals } from './org.js';
import { users } from './users.js';
import { bytea, tz } from './types.js';

/** Server-side sessions; the cookie holds a 256-bit random id, only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fcmToken: text('fcm_token'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', tz).notNull().defaultNow(),
    /** Absolute expiry; idle expiry is computed from last_seen_at. */
    expiresAt: timestamp('expires_at', tz).notNull(),
    /**
     * The AES-256 key of the web app's encrypted offline copy (issue 37): 32 random bytes, made
     * at the first `GET /login/offline-key`, gone with the row (logout, block, expiry).
     */
    localKey: bytea('local_key'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    check(
      'sessions_local_key_length',
      sql`${t.localKey} is null or octet_length(${t.localKey}) = 32`,
    ),
  ],
);

/** One row per POST /auth, for known and unknown emails alike (no enumeration). */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    challengeHash: text('challenge_hash').notNull().unique(),
    ip: text('ip'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    usedAt: timestamp('used_at', tz),
    invalidatedAt: timestamp('invalidated_at', tz),
  },
  (t) => [
    index('login_codes_email_idx').on(t.email, t.createdAt.desc()),
    index('login_codes_ip_idx').on(t.ip, t.createdAt.desc()),
  ],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', tz).notNull(),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

export const chatTokens = pgTable(
  'chat_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', tz).notNull(),
  },
  (t) => [index('chat_tokens_user_idx').on(t.userId)],
);

export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    approvedById: integer('approved_by_id').references(() => users.id),
    sentAt: timestamp('sent_at', tz).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', tz),
    rescindedAt: timestamp('rescinded_at', tz),
  },
  (t) => [
    uniqueIndex('invites_pending_email_idx')
      .on(t.email)
      .where(sql`accepted_at is null and rescinded_at is null`),
  ],
);
