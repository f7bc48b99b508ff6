/** Control types (spec 02 §3). */
export const CONTROL_TYPES = [
  'text',
  'barcode',
  'geolocation',
  'dropdown',
  'multiselect',
  'textarea',
  'radio',
  'file',
  'image',
  'date',
  'divider',
] as const;
/** Types that need options (spec 02 §5), with the label their inline message uses. */
export const OPTION_CONTROL_LABELS = {
  dropdown: 'Dropdown',
  multiselect: 'Multiselect',
  radio: 'Radio',
} as const;
/** Export option types (spec 02 §3). */
export const EXPORT_TYPES = ['csv', 'json', 'email'] as const;
/** Default template version (spec 02 §9). */
export const DEFAULT_TEMPLATE_VERSION = '1.0';
/** CSV defaults (spec 02 §9): delimiter comma, array separator '/'; control delimiter ', '. */
export const DEFAULT_CSV_DELIMITER = ',';
/** The delimiters a CSV export may use (issue 36): comma, semicolon, tab or pipe. */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
/** How the export option editor names each delimiter. */
export const CSV_DELIMITER_LABELS: Record<(typeof CSV_DELIMITERS)[number], string> = {
  ',': 'Comma (,)',
  ';': 'Semicolon (;)',
  '\t': 'Tab',
  '|': 'Pipe (|)',
};
export const DEFAULT_ARRAY_SEPARATOR = '/';
export const DEFAULT_CONTROL_DELIMITER = ', ';
/** save_to meaning "download on this device". */
export const SAVE_TO_LOCAL = 'local';
/** Titles a new export option starts with; an option may not keep them (spec 02 §5). */
export const DEFAULT_EXPORT_TITLES = ['New JSON export', 'New CSV export'] as const;
/** Downloaded export file names (spec 02 §9). */
export const EXPORT_FILE_NAMES = { csv: 'data_export.csv', json: 'data_export.json' } as const;
/** A deleted file control holds a dash (spec 02 §4). */
export const DELETED_FILE_VALUE = '-';
/** Values that do not count as filled (spec 02 §5): empty, a dash, a single space. */
export const EMPTY_VALUES = ['', '-', ' '] as const;
/** Form submission statuses (spec 02 §4). */
export const SUBMISSION_STATUSES = ['ok', 'error', 'confirm'] as const;
/** The patient fields a control may map to (`patient_data`) and a scan may look a patient up by. */
export const PATIENT_DATA_FIELDS = [
  'patient_identificator',
  'first_name',
  'last_name',
  'dob',
  'gender',
  'bed',
] as const;
