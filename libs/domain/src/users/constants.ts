/** User availability (spec 01 §3). */
export const USER_STATUSES = ['AVAILABLE', 'UNAVAILABLE', 'UNKNOWN'] as const;

/** Labels of the availability values (spec 02 §4 "Availability"). */
export const USER_STATUS_LABELS = {
  AVAILABLE: 'Available',
  UNAVAILABLE: 'Unavailable',
  UNKNOWN: 'Unknown',
} as const;

/** Status poll (spec 01 §9): 30 s. */
export const STATUS_POLL_MS = 30_000;
/** Last-active refresh in the chat header (spec 01 §9): 15 s. */
export const LAST_ACTIVE_REFRESH_MS = 15_000;
/** Network/organisation status (spec 02 §3). */
export const ORGANISATION_STATUSES = ['ACTIVATED', 'PENDING'] as const;
