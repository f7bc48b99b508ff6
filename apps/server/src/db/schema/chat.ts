import {
  bigint,
  boolean,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { tz } from './types.js';

/**
 * The chat archive (migrations/0100_chat.sql). The hot path writes it with raw SQL (group
 * commit in src/xmpp/store.ts); these definitions let the REST side and reports read it.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sender: text('sender').notNull(),
    recipient: text('recipient').notNull(),
    conv: text('conv').notNull(),
    kind: text('kind', { enum: ['chat', 'groupchat'] }).notNull(),
    client_id: text('client_id').notNull(),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
    stanza: text('stanza').notNull(),
  },
  (t) => [
    unique('chat_messages_sender_client_id_key').on(t.sender, t.client_id),
    index('chat_messages_conv_idx').on(t.conv, t.id),
  ],
);

export const chatInbox = pgTable(
  'chat_inbox',
  {
    owner: text('owner').notNull(),
    conv_jid: text('conv_jid').notNull(),
    /** chat_messages.id; no foreign key (0101): the archive is append-only. */
    last_message_id: bigint('last_message_id', { mode: 'number' }).notNull(),
    unread: integer('unread').notNull().default(0),
    updated_at: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.conv_jid] })],
);

export const chatRooms = pgTable('chat_rooms', {
  mim_id: text('mim_id').primaryKey(),
  version: text('version').notNull(),
  subject: text('subject').notNull().default(''),
  created_at: timestamp('created_at', tz).notNull().defaultNow(),
});

export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    mim_id: text('mim_id')
      .notNull()
      .references(() => chatRooms.mim_id, { onDelete: 'cascade' }),
    user_uuid: text('user_uuid').notNull(),
    created_at: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.mim_id, t.user_uuid] }),
    index('chat_room_members_user_idx').on(t.user_uuid),
  ],
);

export const chatLastActivity = pgTable('chat_last_activity', {
  user_uuid: text('user_uuid').primaryKey(),
  last_seen_at: timestamp('last_seen_at', tz).notNull(),
});

/**
 * The last archive id whose message_sent analytics event is recorded (migration 0500, one row):
 * src/analytics/chatRollup.ts moves it with each catch-up.
 */
export const chatAnalyticsWatermark = pgTable('chat_analytics_watermark', {
  only_row: boolean('only_row').primaryKey().default(true),
  last_id: bigint('last_id', { mode: 'number' }).notNull(),
});

/**
 * The latest `received`/`displayed` marker of each reader per conversation (migration
 * 0901_chat_markers.sql): written in batches by src/xmpp/markers.ts, read with MAM pages.
 */
export const chatMarkers = pgTable(
  'chat_markers',
  {
    conv: text('conv').notNull(),
    reader: text('reader').notNull(),
    type: text('type', { enum: ['received', 'displayed'] }).notNull(),
    message_id: text('message_id').notNull(),
    archive_id: bigint('archive_id', { mode: 'number' }).notNull(),
    updated_at: timestamp('updated_at', tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conv, t.reader, t.type] })],
);
