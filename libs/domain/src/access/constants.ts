/** Access levels, ascending (spec 01 §3, spec 02 §3 and §6). The order is the rule. */
export const ACCESS_LEVELS = [
  'USER',
  'USER_VERIFIED',
  'ORGANISATION_ADMIN',
  'NETWORK_ADMIN',
  'NEURO',
  'PANDO_ADMIN',
] as const;

/** Levels that see the Admin menu (spec 01 §6). NEURO is above NETWORK_ADMIN but excluded. */
export const ADMIN_MENU_LEVELS = ['ORGANISATION_ADMIN', 'NETWORK_ADMIN', 'PANDO_ADMIN'] as const;

/** User flags (spec 01 §1). */
export const FEATURES = ['pando_control_v2', 'form_templates'] as const;
/** Premium user flags (spec 01 §1). */
export const PREMIUM_FEATURES = ['patient_cards', 'pagers', 'advice_channels'] as const;
/** Network flags (spec 02 §3 "Current user details"). */
export const NETWORK_FEATURES = ['user_invite_by_email'] as const;

/** The one internal code spec 02 §8 names. */
export const FEATURE_NOT_ENABLED = 'FEATURE_NOT_ENABLED';
