/** Patient sort options (spec 01 §9) and default (spec 01 §2). */
export const PATIENT_SORTS = ['name', 'location', 'newest'] as const;
export const DEFAULT_PATIENT_SORT = 'newest';
/** Genders (spec 01 §3) and default. */
export const GENDERS = ['MALE', 'FEMALE'] as const;
export const DEFAULT_GENDER = 'MALE';
export const GENDER_LABELS = { MALE: 'Male', FEMALE: 'Female' } as const;
/** The 'No ward' pseudo-ward (spec 01 §3). */
export const NO_WARD_ID = 0;
export const NO_WARD_LABEL = 'No ward';
/** Patient cards loaded up to 100; tasks up to 1000; images per card up to 1000 (spec 01 §9). */
export const PATIENT_CARDS_LIMIT = 100;
export const TASKS_LIMIT = 1000;
export const CARD_IMAGES_LIMIT = 1000;
/** Sharing list limit (spec 01 §7). */
export const SHARING_LIST_LIMIT = 100;
/** Task save debounce (spec 01 §9). */
export const TASK_SAVE_DEBOUNCE_MS = 2000;
/** Patient table: batch 50, item height 68; card rows 88 (spec 01 §9). */
export const PATIENT_TABLE_BATCH = 50;
export const PATIENT_TABLE_ITEM_HEIGHT = 68;
export const PATIENT_CARD_ROW_HEIGHT = 88;
/** Scanner (spec 01 §9, spec 02 §9). */
export const SCANNER_FPS = 10;
export const SCANNER_BOX_RATIO = 0.8;
export const SCANNER_CALLBACK_DELAY_MS = 100;
export const SCANNER_OVERLAY_DELAY_MS = 300;
/** Modal fade (spec 01 §9). */
export const MODAL_FADE_MS = 300;
/** Patient-card export-to-email access type for shares (spec 01 §7). */
export const CARD_SHARE_ACCESS_TYPE = 'READ';
/** Analytics events of the patient area (issue 18): the admin report counts them. */
export const PATIENT_CARD_CREATED_EVENT = 'patient_card_created';
export const PATIENT_IMAGE_UPLOADED_EVENT = 'image_uploaded';
export const TASK_COMPLETED_EVENT = 'task_completed';
