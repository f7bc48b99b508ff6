/** Message subjects (spec 01 §3 "Chat message"). The subject says how to read the body. */
export const MESSAGE_SUBJECTS = {
  TEXT: 'text/plain',
  /** An uploaded JPEG; the body names the chat image record. */
  IMAGE: 'image/jpeg',
  /** Sent while an image uploads, replaced by an IMAGE message with the same client id. */
  IMAGE_PLACEHOLDER: 'image/placeholder',
  FILE: 'json/file',
  PATIENT_CARD: 'json/card',
  REPLY: 'json/reply',
  ADVICE_RESOLUTION: 'json/advice_resolution',
} as const;
export type MessageSubject = (typeof MESSAGE_SUBJECTS)[keyof typeof MESSAGE_SUBJECTS];

/** Body format versions we write; decoders accept these and reject others as malformed. */
export const MESSAGE_BODY_VERSION = 1;

/** Advice resolution actions (spec 01 §3). */
export const ADVICE_RESOLUTION_ACTIONS = ['ACCEPT', 'REJECT', 'RESOLVE'] as const;

/** Message grouping window (spec 01 §9): 60 s. */
export const MESSAGE_GROUPING_WINDOW_MS = 60_000;
/** History page size (spec 01 §9): 10; advice history page size 20. */
export const HISTORY_PAGE_SIZE = 10;
export const ADVICE_HISTORY_PAGE_SIZE = 20;
/** Marker throttle (leading) and debounce (spec 01 §9). */
export const MARKER_THROTTLE_MS = 2000;
export const MARKER_DEBOUNCE_MS = 500;
/** Load-more debounce (spec 01 §9). */
export const LOAD_MORE_DEBOUNCE_MS = 500;
/** Chat reconnect timeout (spec 01 §9). */
export const CHAT_RECONNECT_TIMEOUT_MS = 60_000;
/** Composer grows to 3 rows; the default textarea is 4 rows by 50 columns (spec 01 §9). */
export const COMPOSER_MAX_ROWS = 3;
export const TEXTAREA_DEFAULT_ROWS = 4;
export const TEXTAREA_DEFAULT_COLS = 50;
/** Message list sentinel height and sticky-bottom threshold, px (spec 01 §9). */
export const SENTINEL_HEIGHT_PX = 70;
export const STICKY_BOTTOM_PX = 30;
/** Image share access type (spec 01 §9). */
export const SHARE_ACCESS_TYPE = 'READ';
/** Marker types of urn:xmpp:chat-markers:0 plus the acknowledged state (spec 01 §4). */
export const MARKER_TYPES = ['markable', 'received', 'displayed', 'acknowledged'] as const;
/** Prefix of a form message (spec 01 §3, spec 02 §2). */
export const FORM_MESSAGE_PREFIX = 'Form:';
/** Upper bound for a text body we accept; longer bodies are refused by the server. */
export const MAX_TEXT_BODY_LENGTH = 20_000;
