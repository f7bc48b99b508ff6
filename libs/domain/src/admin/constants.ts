/** Page size for users, invites, advice channels and teams (spec 02 §9). */
export const ADMIN_PAGE_SIZE = 10;
/** Invites table maximum rows (spec 02 §9). */
export const INVITES_MAX_ROWS = 1000;
/** Organisation list page size for network admins (spec 02 §9). */
export const NETWORK_ADMIN_ORGANISATIONS_PAGE_SIZE = 10_000;
/** Users search throttle (spec 02 §2). */
export const ADMIN_SEARCH_THROTTLE_MS = 1000;
/** Default sorts (spec 02 §2): users by last_name (name maps to it), invites by -sent_at. */
export const USERS_DEFAULT_SORT = 'last_name';
export const INVITES_DEFAULT_SORT = '-sent_at';
/** The organisation a blocked user is moved to on transfer (spec 02 §4). */
export const GENERAL_ORGANISATION_NAME = 'General';
/**
 * The placeholder address of the invitation CSV template, skipped on import (spec 02 §5). The
 * template file we offer for download starts with this row.
 */
export const INVITE_CSV_PLACEHOLDER_EMAIL = 'name@example.com';
/** Data export request flags (spec 02 §2, §3), in screen order with their labels. */
export const DATA_EXPORT_FLAGS = [
  { key: 'users', label: 'Users' },
  { key: 'teams', label: 'Teams' },
  { key: 'forums', label: 'Forums' },
  { key: 'pagers', label: 'Pagers' },
  { key: 'images', label: 'Images' },
  { key: 'files', label: 'Files' },
  { key: 'patients', label: 'Patients' },
  { key: 'messaging_data', label: 'Messaging data' },
] as const;
/** Invite import row statuses (spec 02 §4). */
export const INVITE_ROW_STATUSES = {
  NOT_SENT: 'Not Sent',
  INVALID: 'Does not look like a valid email',
  SENT: 'Sent successfully',
  ALREADY_INVITED: 'Already invited',
  ERROR: 'Error, unable to send the invitation',
} as const;
/** Mock network list (spec 02 §9): page size 10, totalResults 15. */
export const MOCK_NETWORKS_TOTAL = 15;
/** Users table columns (spec 02 §2). */
export const USERS_COLUMNS = ['Name', 'Role', 'Speciality', 'Email', 'Join Date'] as const;
export const INVITES_COLUMNS = ['Email', 'Approved By', 'Invitation sent'] as const;
export const ADVICE_CHANNELS_COLUMNS = [
  'Name',
  'Description',
  'Members',
  'Resolved Issues',
  'Created At',
] as const;
/** Multiselect shows at most 6 rows (spec 02 §9). */
export const MULTISELECT_MAX_ROWS = 6;
