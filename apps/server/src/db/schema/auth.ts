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
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fcm_token: text('fcm_token'),
    user_agent: text('user_agent'),
    ip: text('ip'),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', tz).notNull().defaultNow(),
    /** Absolute expiry; idle expiry is computed from last_seen_at. */
    expires_at: timestamp('expires_at', tz).notNull(),
    /**
     * The AES-256 key of the web app's encrypted offline copy (issue 37): 32 random bytes, made
     * at the first `GET /login/offline-key`, gone with the row (logout, block, expiry).
     */
    local_key: bytea('local_key'),
  },
  (t) => [
    index('sessions_user_idx').on(t.user_id),
    check(
      'sessions_local_key_length',
      sql`${t.local_key} is null or octet_length(${t.local_key}) = 32`,
    ),
  ],
);

/** One row per POST /auth, for known and unknown emails alike (no enumeration). */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    code_hash: text('code_hash').notNull(),
    challenge_hash: text('challenge_hash').notNull().unique(),
    ip: text('ip'),
    attempts: integer('attempts').notNull().default(0),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    expires_at: timestamp('expires_at', tz).notNull(),
    used_at: timestamp('used_at', tz),
    invalidated_at: timestamp('invalidated_at', tz),
  },
  (t) => [
    index('login_codes_email_idx').on(t.email, t.created_at.desc()),
    index('login_codes_ip_idx').on(t.ip, t.created_at.desc()),
  ],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    session_id: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    expires_at: timestamp('expires_at', tz).notNull(),
  },
  (t) => [index('access_tokens_user_idx').on(t.user_id)],
);

export const chatTokens = pgTable(
  'chat_tokens',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    session_id: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    expires_at: timestamp('expires_at', tz).notNull(),
  },
  (t) => [index('chat_tokens_user_idx').on(t.user_id)],
);

export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    hospital_id: integer('hospital_id')
      .notNull()
      .references(() => hospitals.id),
    approved_by_id: integer('approved_by_id').references(() => users.id),
    sent_at: timestamp('sent_at', tz).notNull().defaultNow(),
    accepted_at: timestamp('accepted_at', tz),
    rescinded_at: timestamp('rescinded_at', tz),
  },
  (t) => [
    uniqueIndex('invites_pending_email_idx')
      .on(t.email)
      .where(sql`accepted_at is null and rescinded_at is null`),
  ],
);
