import { csvText } from '../files/csv';
import { TEXTS, textsWith } from '../texts/texts';
import { resolveExportEmail } from '../files/sendToEmail';
import { FORM_FILE_MIME_TYPES, IMAGE_MIME_TYPES } from '../files/constants';
import { partitionUploads } from '../files/rules';
import type { ApiError } from '../wire/errors';
import {
  CONTROL_TYPES,
  DEFAULT_CONTROL_DELIMITER,
  DEFAULT_EXPORT_TITLES,
  DEFAULT_TEMPLATE_VERSION,
  DELETED_FILE_VALUE,
  EMPTY_VALUES,
  EXPORT_FILE_NAMES,
  OPTION_CONTROL_LABELS,
  SAVE_TO_LOCAL,
} from './constants';
import { SCANNER_BOX_RATIO } from '../patients/constants';
import type {
  Control,
  ControlValue,
  CsvExportOption,
  ExportOption,
  FormTemplate,
  JsonExportOption,
  PatientLookupResponse,
} from './schemas';

export type ControlType = (typeof CONTROL_TYPES)[number];

export function isKnownControlType(type: string): type is ControlType {
  return (CONTROL_TYPES as readonly string[]).includes(type);
}

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

function textControl(id: string, label: string): Control {
  return {
    id,
    type: 'text',
    label,
    required: true,
    delimiter: DEFAULT_CONTROL_DELIMITER,
    can_edit: true,
  };
}

/**
 * Spec 02 §9 default new template: required text controls for first name and last name, plus a
 * CSV export titled "Export to CSV" (delimiter comma, array separator ' / ', save to local).
 */
export function defaultNewTemplate(owner: {
  author: string;
  created_by_id: number;
  trust_id?: number | null;
}): FormTemplate {
  return {
    title: 'New template',
    description: '',
    author: owner.author,
    version: DEFAULT_TEMPLATE_VERSION,
    created_by_id: owner.created_by_id,
    trust_id: owner.trust_id ?? null,
    deleted: false,
    flags: {},
    controls: [textControl('first_name', 'First name'), textControl('last_name', 'Last name')],
    export_options: [
      {
        title: 'Export to CSV',
        type: 'csv',
        fields: [],
        delimiter: ',',
        array_separator: ' / ',
        save_to: SAVE_TO_LOCAL,
      },
    ],
  };
}

/** Values cleared: no value, no error flag. */
export function clearValues(controls: readonly Control[]): Control[] {
  return controls.map(({ value: _value, error: _error, ...rest }) => rest);
}

/**
 * Spec 02 §4: duplicate creates "{title} (copy)" with no id and cleared values, without
 * confirmation; it does not exist on the server until saved. The copy belongs to whoever
 * duplicates it, at version 1.0, and names them as its author (issue 35: a copy kept the
 * original's author, "v1.0 · Pat Admin" in someone else's own templates).
 */
export function duplicateTemplate(
  template: FormTemplate,
  owner: { author: string; created_by_id: number },
): FormTemplate {
  const { id: _id, confirmed: _confirmed, ...rest } = template;
  return {
    ...rest,
    title: `${template.title} (copy)`,
    version: DEFAULT_TEMPLATE_VERSION,
    author: owner.author,
    created_by_id: owner.created_by_id,
    controls: clearValues(template.controls),
  };
}

/** Spec 02 §4: only the creator can edit or delete. */
export function canEditTemplate(
  template: Pick<FormTemplate, 'created_by_id'>,
  userId: number,
): boolean {
  return template.created_by_id != null && template.created_by_id === userId;
}

/** Spec 02 §5: "You cannot delete this template, as you are not the owner." */
export function deleteTemplateError(
  template: Pick<FormTemplate, 'created_by_id'>,
  userId: number,
): string | null {
  return canEditTemplate(template, userId) ? null : TEXTS.notOwnerDelete;
}

/** Spec 02 §2: own templates (owner) and public templates (others). */
export function splitTemplates<T extends Pick<FormTemplate, 'created_by_id' | 'deleted'>>(
  templates: readonly T[],
  userId: number,
): { own: T[]; public: T[] } {
  const live = templates.filter((t) => !t.deleted);
  return {
    own: live.filter((t) => canEditTemplate(t, userId)),
    public: live.filter((t) => !canEditTemplate(t, userId)),
  };
}

/** Compares dotted versions numerically ("1.10" > "1.9"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export type TemplateLookup<T> =
  | { kind: 'found'; template: T }
  | { kind: 'superseded'; latest: T; subtitle: string }
  | { kind: 'notFound'; subtitle: string };

/**
 * Spec 02 §2: a form message names a template by title and version. Not found: "(template could
 * not be found.)"; the title exists only at a newer version: "(template has been superceded)".
 * Titles match case-insensitively, trimmed.
 */
export function lookupTemplate<T extends Pick<FormTemplate, 'title' | 'version' | 'deleted'>>(
  templates: readonly T[],
  title: string,
  version: string,
): TemplateLookup<T> {
  const key = title.trim().toLowerCase();
  const same = templates.filter((t) => !t.deleted && t.title.trim().toLowerCase() === key);
  const exact = same.find((t) => compareVersions(t.version, version) === 0);
  if (exact) return { kind: 'found', template: exact };
  const latest = [...same].sort((a, b) => compareVersions(b.version, a.version))[0];
  // Only an older version is superseded; a newer one than we know is simply not found (yet),
  // and the client fetches it by title and version.
  if (latest && compareVersions(latest.version, version) > 0) {
    return { kind: 'superseded', latest, subtitle: TEXTS.templateSuperseded };
  }
  return { kind: 'notFound', subtitle: TEXTS.templateNotFound };
}

/** Spec 02 §7: a 404 on GET /structured/template gives a placeholder with id 0 and deleted true. */
export function placeholderTemplate(title: string, version: string): FormTemplate {
  return {
    id: 0,
    title,
    description: '',
    author: '',
    version,
    deleted: true,
    flags: {},
    controls: [],
    export_options: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Editor
// ---------------------------------------------------------------------------------------------

/** Spec 02 §4: moving a control up or down is ignored at the ends (the same array comes back). */
export function moveControl<T>(
  controls: readonly T[],
  index: number,
  direction: 'up' | 'down',
): readonly T[] {
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= controls.length || target < 0 || target >= controls.length)
    return controls;
  const next = [...controls];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/** Spec 02 §4: deleting a control asks "Are you sure you want to delete this control?". */
export const DELETE_CONTROL_CONFIRMATION = TEXTS.deleteControlConfirm;

export function removeControl(controls: readonly Control[], id: string): Control[] {
  return controls.filter((c) => c.id !== id);
}

/** A new control of a type, with an id unique within the template (`seq` from the caller). */
export function newControl(type: ControlType, existing: readonly Control[], seq: number): Control {
  const ids = new Set(existing.map((c) => c.id));
  let n = seq;
  while (ids.has(`control_${n}`)) n++;
  return {
    id: `control_${n}`,
    type,
    label: '',
    required: false,
    delimiter: DEFAULT_CONTROL_DELIMITER,
    can_edit: true,
    ...(type in OPTION_CONTROL_LABELS ? { options: [] } : {}),
  };
}

/**
 * Spec 02 §5: a dropdown, multiselect or radio without options, or an unknown type, shows an
 * inline message instead of the control.
 */
export function controlInlineMessage(control: Pick<Control, 'type' | 'options'>): string | null {
  if (!isKnownControlType(control.type)) return textsWith.unknownControlType(control.type);
  if (!(control.type in OPTION_CONTROL_LABELS)) return null;
  const label = OPTION_CONTROL_LABELS[control.type as keyof typeof OPTION_CONTROL_LABELS];
  return (control.options?.length ?? 0) === 0 ? textsWith.optionsNotProvided(label) : null;
}

// ---------------------------------------------------------------------------------------------
// Filling
// ---------------------------------------------------------------------------------------------

/** Spec 02 §5: a value other than empty, a dash or a single space; a list needs one such item. */
export function isFilled(value: ControlValue | undefined): boolean {
  if (value == null) return false;
  if (Array.isArray(value)) return value.some((v) => isFilled(v));
  return !(EMPTY_VALUES as readonly string[]).includes(value);
}

/**
 * Spec 02 §5 submit check: every required control needs a value; required controls sharing a
 * group_index need at least one filled. Returns the ids of the failing controls (all members of
 * a failing group).
 */
export function requiredFieldErrors(controls: readonly Control[]): string[] {
  const failing: string[] = [];
  const groups = new Map<number, Control[]>();
  for (const c of controls) {
    if (!c.required || c.type === 'divider') continue;
    if (c.group_index != null) {
      groups.set(c.group_index, [...(groups.get(c.group_index) ?? []), c]);
    } else if (!isFilled(c.value)) {
      failing.push(c.id);
    }
  }
  for (const members of groups.values()) {
    if (!members.some((c) => isFilled(c.value))) failing.push(...members.map((c) => c.id));
  }
  return failing;
}

/** Flags failing controls (red border) and returns the alert text, or null when all is well. */
export function validateForm(controls: readonly Control[]): {
  controls: Control[];
  alert: string | null;
} {
  const failing = new Set(requiredFieldErrors(controls));
  return {
    controls: controls.map((c) => ({ ...c, error: failing.has(c.id) })),
    alert: failing.size > 0 ? TEXTS.fillRequired : null,
  };
}

/** Sets one control's value; unknown ids give "Control not found: {id}" (spec 02 §8). */
export function setControlValue(
  controls: readonly Control[],
  id: string,
  value: ControlValue,
): { ok: true; controls: Control[] } | { ok: false; error: string } {
  if (!controls.some((c) => c.id === id))
    return { ok: false, error: textsWith.controlNotFound(id) };
  return {
    ok: true,
    controls: clearResolvedErrors(
      controls.map((c) => (c.id === id ? { ...c, value, error: false } : c)),
    ),
  };
}

/**
 * Validation messages clear as soon as the input is valid (issue 35): a control flagged by the
 * submit check loses its flag once the rule holds (its value, or a value anywhere in its
 * required group). Nothing new is flagged: that waits for the next submit.
 */
export function clearResolvedErrors(controls: readonly Control[]): Control[] {
  if (!controls.some((c) => c.error === true)) return [...controls];
  const failing = new Set(requiredFieldErrors(controls));
  return controls.map((c) => (c.error === true && !failing.has(c.id) ? { ...c, error: false } : c));
}

/** Spec 02 §4: deleting a file sets the value to a dash. */
export function deleteFileValue(controls: readonly Control[], id: string): Control[] {
  return controls.map((c) => (c.id === id ? { ...c, value: DELETED_FILE_VALUE } : c));
}

/**
 * Spec 02 §4: a barcode scan fills the controls whose patient_data field is in the looked-up
 * record. Controls the user may not edit are left alone.
 */
export function fillFromPatientData(
  controls: readonly Control[],
  data: PatientLookupResponse,
): Control[] {
  const filled = controls.map((c) => {
    const field = c.patient_data;
    if (!field || !c.can_edit || !(field in data)) return c;
    const raw = data[field];
    return { ...c, value: raw == null ? '' : String(raw) };
  });
  // A control the scan filled is no longer failing: its red border goes, as when typed into
  // (issue 35); one the record leaves empty keeps it.
  return clearResolvedErrors(filled);
}

/**
 * Spec 02 §4 confirm: the patient fields where what was submitted differs from what is on
 * record, for the comparison dialog.
 */
export function patientDataDifferences(
  controls: readonly Control[],
  onRecord: Readonly<Record<string, string | number | null>>,
): { field: string; label: string; submitted: string; current: string }[] {
  return controls.flatMap((c) => {
    if (!c.patient_data || !(c.patient_data in onRecord)) return [];
    const submitted = valueText(c.value, c.delimiter);
    const current = onRecord[c.patient_data];
    const currentText = current == null ? '' : String(current);
    return submitted === currentText
      ? []
      : [{ field: c.patient_data, label: c.label, submitted, current: currentText }];
  });
}

/** The body that resubmits a confirmed form (spec 02 §4: "Confirming resubmits with confirmed true"). */
export function confirmedSubmission(template: FormTemplate): FormTemplate {
  return { ...template, confirmed: true };
}

/** The notification after POST /structured/forms (spec 02 §8). */
export function submissionNotice(response: {
  status: 'ok' | 'error' | 'confirm';
  error?: string | null;
}): { level: 'success' | 'error'; text: string } | { level: 'confirm' } {
  if (response.status === 'ok') return { level: 'success', text: TEXTS.templateSubmitted };
  if (response.status === 'confirm') return { level: 'confirm' };
  return { level: 'error', text: textsWith.submitError(response.error ?? 'unknown error') };
}

/**
 * Spec 02 §4 text autocomplete, what the field holds after a keystroke: the completion in the
 * list's own case, the part not typed selected ("RESP" → "Respiratory", "iratory" selected), so
 * Tab or Enter keeps the list's word, never "RESPiratory" (issue 35). Deleting never completes
 * (Backspace over the selection removes it). Null: no completion, the field keeps what was typed.
 */
export function autocompleteCompletion(
  typed: string,
  options: readonly string[] | undefined,
  deleting: boolean,
): { value: string; selectFrom: number } | null {
  if (deleting) return null;
  // A word typed out in full in another case becomes the list's word too.
  const match =
    autocompleteMatch(typed, options) ??
    options?.find((o) => typed !== '' && o.toLowerCase() === typed.toLowerCase()) ??
    null;
  return match ? { value: match, selectFrom: typed.length } : null;
}

/**
 * Spec 02 §4 autocomplete: completes to the first case-insensitive prefix match (the list's
 * order decides "first"). Null for an empty input or no match.
 */
export function autocompleteMatch(
  input: string,
  options: readonly string[] | undefined,
): string | null {
  if (!input || !options) return null;
  const prefix = input.toLowerCase();
  return options.find((o) => o.toLowerCase().startsWith(prefix) && o.length > input.length) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

/**
 * Spec 02 §5: an export option needs a unique title that is not empty and not one of the default
 * "new json/csv export" titles (compared case-insensitively, trimmed).
 */
export function validateExportOption(
  option: Pick<ExportOption, 'title'>,
  others: readonly Pick<ExportOption, 'title'>[],
): string | null {
  const title = option.title.trim().toLowerCase();
  const isDefault = DEFAULT_EXPORT_TITLES.some((t) => t.toLowerCase() === title);
  const taken = others.some((o) => o.title.trim().toLowerCase() === title);
  return title === '' || isDefault || taken ? TEXTS.uniqueExportTitle : null;
}

/** Spec 02 §5: invalid JSON gives "Your JSON is not valid. …". Empty text is allowed (default object). */
export function validateJsonText(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch {
    return TEXTS.invalidJson;
  }
}

/** A value as text: lists joined with `separator`; a deleted file's dash reads as empty. */
export function valueText(value: ControlValue | undefined, separator: string): string {
  if (value == null || value === DELETED_FILE_VALUE) return '';
  return Array.isArray(value) ? value.filter((v) => v !== '').join(separator) : value;
}

function exportedControls(template: FormTemplate, fields: readonly string[]): Control[] {
  const byId = new Map(template.controls.map((c) => [c.id, c]));
  if (fields.length === 0) return template.controls.filter((c) => c.type !== 'divider');
  return fields.flatMap((id) => {
    const c = byId.get(id);
    return c ? [c] : [];
  });
}

/**
 * CSV of a filled template: a header of control labels and one row of values; list values are
 * joined with the option's array separator; quoting follows RFC 4180 with the option's delimiter,
 * and every cell is formula-escaped (`csvText`).
 */
export function exportCsv(template: FormTemplate, option: CsvExportOption): string {
  const controls = exportedControls(template, option.fields);
  return csvText(
    controls.map((c) => c.label || c.id),
    [controls.map((c) => valueText(c.value, option.array_separator))],
    option.delimiter,
  );
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_-]+)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([A-Za-z0-9_-]+)\s*\}\}$/;

/**
 * JSON of a filled template. With no object text: `{ label: value }` for every control (lists
 * stay lists). With object text: each string leaf `"{{id}}"` becomes the control's value (a list
 * stays a list); `{{id}}` inside a longer string is replaced by the value joined with the
 * control's delimiter. Unknown ids become empty. Returns null when the object text is invalid.
 */
export function exportJson(template: FormTemplate, option: JsonExportOption): string | null {
  const byId = new Map(template.controls.map((c) => [c.id, c]));
  const raw = (c: Control | undefined): ControlValue =>
    c?.value == null || c.value === DELETED_FILE_VALUE ? '' : c.value;
  if (option.object.trim() === '') {
    const out: Record<string, ControlValue> = {};
    for (const c of exportedControls(template, [])) out[c.label || c.id] = raw(c);
    return JSON.stringify(out, null, 2);
  }
  let shape: unknown;
  try {
    shape = JSON.parse(option.object);
  } catch {
    return null;
  }
  const fill = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const whole = WHOLE_PLACEHOLDER.exec(node);
      if (whole?.[1]) return raw(byId.get(whole[1]));
      return node.replace(PLACEHOLDER, (_m, id: string) => {
        const c = byId.get(id);
        return valueText(c?.value, c?.delimiter ?? DEFAULT_CONTROL_DELIMITER);
      });
    }
    if (Array.isArray(node)) return node.map(fill);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fill(v)]));
    }
    return node;
  };
  return JSON.stringify(fill(shape), null, 2);
}

/** What running an export asks the caller to do. */
export type ExportPlan =
  | { kind: 'download'; filename: string; mimeType: string; content: string }
  | { kind: 'post'; url: string; mimeType: string; content: string }
  | { kind: 'email'; address: string }
  | { kind: 'error'; message: string };

/**
 * Plans an export of a filled template with one of its options (spec 02 §5, §7, §8): csv and json
 * download as data_export.csv/json or POST to save_to; email resolves the address (own-address
 * placeholder allowed).
 */
export function planExport(
  template: FormTemplate | null,
  option: { type: string } | null,
  ownEmail: string,
): ExportPlan {
  if (!template || !option) return { kind: 'error', message: TEXTS.noTemplateOrExport };
  const deliver = (content: string, type: 'csv' | 'json', saveTo: string): ExportPlan => {
    const mimeType = type === 'csv' ? 'text/csv' : 'application/json';
    return saveTo === SAVE_TO_LOCAL
      ? { kind: 'download', filename: EXPORT_FILE_NAMES[type], mimeType, content }
      : { kind: 'post', url: saveTo, mimeType, content };
  };
  const typed = option as ExportOption;
  switch (typed.type) {
    case 'csv':
      return deliver(exportCsv(template, typed), 'csv', typed.save_to);
    case 'json': {
      const content = exportJson(template, typed);
      return content === null
        ? { kind: 'error', message: TEXTS.invalidJson }
        : deliver(content, 'json', typed.save_to);
    }
    case 'email': {
      const resolved = resolveExportEmail(typed.address, ownEmail);
      return resolved.ok
        ? { kind: 'email', address: resolved.address }
        : { kind: 'error', message: resolved.error };
    }
    default:
      return { kind: 'error', message: textsWith.unknownExportType(option.type) };
  }
}

/** Spec 02 §5: the email dialog refuses a non-email option: "Selected type is not an email export". */
export function emailExportError(option: { type: string } | null): string | null {
  if (!option) return TEXTS.noTemplateOrExport;
  return option.type === 'email' ? null : TEXTS.notEmailExport;
}

// ---------------------------------------------------------------------------------------------
// Modes
// ---------------------------------------------------------------------------------------------

/**
 * Spec 02 §1/§2: in chats templates are only viewed and filled, never edited; in the console
 * the owner may edit (Add Component, Edit export options, Save Template, Cancel edit).
 */
export function canEnterEditMode(
  context: 'chat' | 'console',
  template: Pick<FormTemplate, 'created_by_id'>,
  userId: number,
): boolean {
  return context === 'console' && canEditTemplate(template, userId);
}

/** Spec 02 §4 file controls: empty, uploading, then holding a file guid; a dash once deleted. */
export type FileControlState = 'empty' | 'uploading' | 'uploaded' | 'deleted';

export function fileControlState(
  value: ControlValue | undefined,
  uploading: boolean,
): FileControlState {
  if (uploading) return 'uploading';
  if (value === DELETED_FILE_VALUE) return 'deleted';
  return typeof value === 'string' && value.trim() !== '' ? 'uploaded' : 'empty';
}

/**
 * Spec 02 §5 acceptable types of a form's file or image control: documents (docx, pdf) and
 * images for a file; images for an image. The picker offers only these (`accept`).
 */
export function formFileTypes(controlType: 'file' | 'image'): readonly string[] {
  return controlType === 'image' ? IMAGE_MIME_TYPES : FORM_FILE_MIME_TYPES;
}

/**
 * Spec 02 §5 before uploading a form file: over 25 MB, or a type the control does not accept
 * (by the browser's type; the server decides again by content), is refused with a message naming
 * the file, and nothing is sent. Null: upload it.
 */
export function formFileRefusal(
  controlType: 'file' | 'image',
  file: { name: string; size: number; type: string },
): string | null {
  return partitionUploads([file], formFileTypes(controlType)).rejected[0]?.message ?? null;
}

/**
 * What a failed form-file upload says (spec 02 §8 "File upload failed. Please try again.
 * {reason}"), naming the file when the server refused it for its size (413) or its content
 * (415): trying again would not help then (issue 35).
 */
export function formFileUploadError(name: string, status: number | undefined, reason: string) {
  if (status === 413) return textsWith.fileTooLarge(name);
  if (status === 415) return textsWith.fileRefused(name, reason);
  return textsWith.fileUploadFailed(reason);
}

/** Spec 02 §7 "a saved change bumps the version": the last number goes up ('1.0' → '1.1', '1.9' → '1.10'). */
export function bumpVersion(version: string): string {
  const parts = version.split('.').map(Number);
  if (parts.length < 2) parts.push(0);
  parts[parts.length - 1] = (parts[parts.length - 1] ?? 0) + 1;
  return parts.join('.');
}

/**
 * Whether a save changes a template (and so bumps its version): its title, description, author,
 * flags, controls (values left out) or export options differ from what is stored.
 */
export function templateChanged(
  stored: Pick<
    FormTemplate,
    'title' | 'description' | 'author' | 'flags' | 'controls' | 'export_options'
  >,
  saved: Pick<
    FormTemplate,
    'title' | 'description' | 'author' | 'flags' | 'controls' | 'export_options'
  >,
): boolean {
  const shape = (t: typeof stored) =>
    canonicalJson([
      t.title,
      t.description,
      t.author,
      t.flags,
      clearValues(t.controls),
      t.export_options,
    ]);
  return shape(stored) !== shape(saved);
}

/** JSON with object keys sorted, so two equal values (one read back from jsonb) compare equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : v,
  );
}

/** Spec 02 §9: the scan box is a square of 80 % of the viewfinder's smaller side. */
export function scannerBox(width: number, height: number): { width: number; height: number } {
  const side = Math.floor(Math.min(width, height) * SCANNER_BOX_RATIO);
  return { width: side, height: side };
}

/**
 * Two templates of one organisation may not share a title (compared trimmed, in any case) and a
 * version: the save that would make them is refused with this 409, naming `title`, by both
 * backends.
 */
export function templateTitleTaken(): ApiError {
  return {
    statusCode: 409,
    message: 'A template with this title and version already exists.',
    details: [{ path: 'title', message: 'a template with this title and version already exists' }],
  };
}
