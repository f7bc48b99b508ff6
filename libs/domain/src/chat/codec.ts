import { z } from 'zod';
import { TEXTS } from '../texts/texts';
import {
  ADVICE_RESOLUTION_ACTIONS,
  FORM_MESSAGE_PREFIX,
  MESSAGE_BODY_VERSION,
  MESSAGE_SUBJECTS,
} from './constants';
import { lazySchema } from '../wire/lazySchema';

// ---------------------------------------------------------------------------------------------
// Body schemas (the JSON inside <body>). Each carries `version: 1`, so a future format can be
// told apart; a body of another version decodes as malformed rather than as a wrong guess.
// ---------------------------------------------------------------------------------------------

const Version = lazySchema(() => z.literal(MESSAGE_BODY_VERSION));

/**
 * `image/jpeg` body. Decision (the spec does not show it): `{ version: 1, image: { id,
 * filename? } }` where id is the chat image record (`GET /images/chat/{id}`). A bare id string
 * (older clients) is accepted when decoding.
 */
export const ImageBodySchema = lazySchema(() =>
  z.object({
    version: Version,
    image: z.object({
      id: z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String),
      filename: z.string().optional(),
    }),
  }),
);

/**
 * `image/placeholder` body, sent while the image uploads: `{ version: 1, placeholder: { id,
 * filename? } }`, id being a client id the later image message repeats.
 */
export const ImagePlaceholderBodySchema = lazySchema(() =>
  z.object({
    version: Version,
    placeholder: z.object({ id: z.string().min(1), filename: z.string().optional() }),
  }),
);

/** `json/file` body (spec 01 §3): version 1 and file (id, filename, size, type). */
export const FileBodySchema = lazySchema(() =>
  z.object({
    version: Version,
    file: z.object({
      id: z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String),
      filename: z.string().min(1),
      size: z.number().int().nonnegative(),
      type: z.string(),
    }),
  }),
);

/**
 * `json/card` body (spec 01 §3): version 1 and patient_card (patient_dob, patient_gender,
 * card_id, patient_identificator, card_title).
 */
export const PatientCardBodySchema = lazySchema(() =>
  z.object({
    version: Version,
    patient_card: z.object({
      card_id: z.number().int().nonnegative(),
      card_title: z.string(),
      patient_dob: z.string().nullish(),
      patient_gender: z.enum(['MALE', 'FEMALE']).nullish(),
      patient_identificator: z.string().nullish(),
    }),
  }),
);

/**
 * `json/reply` body (spec 01 §3): message and quoted_message (sender_name, message). We add
 * `version: 1` and an optional quoted `id` so the UI can scroll to the original.
 */
export const ReplyBodySchema = lazySchema(() =>
  z.object({
    version: Version,
    message: z.string().min(1),
    quoted_message: z.object({
      id: z.string().optional(),
      sender_name: z.string(),
      message: z.string(),
    }),
  }),
);

/** `json/advice_resolution` body (spec 01 §3): advice_resolution.action, ACCEPT/REJECT/RESOLVE. */
export const AdviceResolutionBodySchema = lazySchema(() =>
  z.object({
    version: Version,
    advice_resolution: z.object({ action: z.enum(ADVICE_RESOLUTION_ACTIONS) }),
  }),
);

export type AdviceResolutionAction = (typeof ADVICE_RESOLUTION_ACTIONS)[number];
export type PatientCardShare = z.infer<typeof PatientCardBodySchema>['patient_card'];
export type FileShare = z.infer<typeof FileBodySchema>['file'];

// ---------------------------------------------------------------------------------------------
// Decoded content: what a message bubble renders.
// ---------------------------------------------------------------------------------------------

/** Plain text (`text/plain`, or no subject). */
export interface TextContent {
  kind: 'text';
  text: string;
}
/** A structured-form message: text starting with "Form:" and naming a template and version. */
export interface FormContent {
  kind: 'form';
  text: string;
  title: string;
  version: string;
}
/** An uploaded image; fetch `GET /images/chat/{imageId}` (thumbnail first). */
export interface ImageContent {
  kind: 'image';
  imageId: string;
  filename?: string;
}
/** An image still uploading on the sender's side: show a spinner bubble. */
export interface ImagePlaceholderContent {
  kind: 'imagePlaceholder';
  placeholderId: string;
  filename?: string;
}
/** A shared file; open with `GET /files/{file.id}`. */
export interface FileContent {
  kind: 'file';
  file: FileShare;
}
/** A shared patient card; opens `/patients/{card.card_id}`. */
export interface PatientCardContent {
  kind: 'patientCard';
  card: PatientCardShare;
}
/** A reply quoting an earlier message. */
export interface ReplyContent {
  kind: 'reply';
  text: string;
  quoted: { id?: string; senderName: string; text: string };
}
/** An advice resolution step, rendered as a system line (see `adviceSystemLine`). */
export interface AdviceResolutionContent {
  kind: 'adviceResolution';
  action: AdviceResolutionAction;
}
/**
 * A body that could not be read (bad JSON, wrong shape or version, unknown subject). The UI
 * shows `TEXTS.messageProblem`; the warning has been returned for the logger.
 */
export interface MalformedContent {
  kind: 'malformed';
  subject: string;
  reason: string;
}

export type MessageContent =
  | TextContent
  | FormContent
  | ImageContent
  | ImagePlaceholderContent
  | FileContent
  | PatientCardContent
  | ReplyContent
  | AdviceResolutionContent
  | MalformedContent;

export type MessageKind = MessageContent['kind'];

export interface DecodedMessage {
  content: MessageContent;
  /** Set when the body was malformed: the text to log at warn level (spec 01 §8). */
  warning?: string;
}

/** Spec 01 §3, spec 02 §2: "Form: {title} (v{version})". */
const FORM_PATTERN = /^Form:\s*(.+?)\s*\(v([^()\s]+)\)/;

/** Parses a form message; null when the text is not one. */
export function parseFormMessage(text: string): { title: string; version: string } | null {
  if (!text.startsWith(FORM_MESSAGE_PREFIX)) return null;
  const match = FORM_PATTERN.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { title: match[1], version: match[2] };
}

/** The text of a form message, the inverse of parseFormMessage. */
export function formMessageText(title: string, version: string): string {
  return `${FORM_MESSAGE_PREFIX} ${title} (v${version})`;
}

function malformed(subject: string, reason: string): DecodedMessage {
  return {
    content: { kind: 'malformed', subject, reason },
    warning: `${TEXTS.messageProblem} [${subject}: ${reason}]`,
  };
}

function parseJson(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false };
  }
}

function decodeJson<T extends z.ZodType>(
  subject: string,
  body: string,
  schema: T,
  build: (value: z.infer<T>) => MessageContent,
): DecodedMessage {
  const json = parseJson(body);
  if (!json.ok) return malformed(subject, 'body is not JSON');
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => i.path.join('.') || '(body)').join(', ');
    return malformed(subject, `invalid ${where}`);
  }
  return { content: build(parsed.data) };
}

function decodeText(body: string): DecodedMessage {
  const form = parseFormMessage(body);
  return {
    content: form ? { kind: 'form', text: body, ...form } : { kind: 'text', text: body },
  };
}

/**
 * Decodes a message body by its subject. Never throws: whatever arrives over the wire, the
 * result is something a bubble can show. A missing subject means plain text (older clients).
 */
export function decodeMessageBody(subject: string | undefined, body: string): DecodedMessage {
  switch (subject ?? MESSAGE_SUBJECTS.TEXT) {
    case MESSAGE_SUBJECTS.TEXT:
      return decodeText(body);
    case MESSAGE_SUBJECTS.IMAGE:
      if (/^[A-Za-z0-9_-]{1,64}$/.test(body)) return { content: { kind: 'image', imageId: body } };
      return decodeJson(MESSAGE_SUBJECTS.IMAGE, body, ImageBodySchema, (v) => ({
        kind: 'image',
        imageId: v.image.id,
        ...(v.image.filename === undefined ? {} : { filename: v.image.filename }),
      }));
    case MESSAGE_SUBJECTS.IMAGE_PLACEHOLDER:
      return decodeJson(
        MESSAGE_SUBJECTS.IMAGE_PLACEHOLDER,
        body,
        ImagePlaceholderBodySchema,
        (v) => ({
          kind: 'imagePlaceholder',
          placeholderId: v.placeholder.id,
          ...(v.placeholder.filename === undefined ? {} : { filename: v.placeholder.filename }),
        }),
      );
    case MESSAGE_SUBJECTS.FILE:
      return decodeJson(MESSAGE_SUBJECTS.FILE, body, FileBodySchema, (v) => ({
        kind: 'file',
        file: v.file,
      }));
    case MESSAGE_SUBJECTS.PATIENT_CARD:
      return decodeJson(MESSAGE_SUBJECTS.PATIENT_CARD, body, PatientCardBodySchema, (v) => ({
        kind: 'patientCard',
        card: v.patient_card,
      }));
    case MESSAGE_SUBJECTS.REPLY:
      return decodeJson(MESSAGE_SUBJECTS.REPLY, body, ReplyBodySchema, (v) => ({
        kind: 'reply',
        text: v.message,
        quoted: {
          ...(v.quoted_message.id === undefined ? {} : { id: v.quoted_message.id }),
          senderName: v.quoted_message.sender_name,
          text: v.quoted_message.message,
        },
      }));
    case MESSAGE_SUBJECTS.ADVICE_RESOLUTION:
      return decodeJson(
        MESSAGE_SUBJECTS.ADVICE_RESOLUTION,
        body,
        AdviceResolutionBodySchema,
        (v) => ({ kind: 'adviceResolution', action: v.advice_resolution.action }),
      );
    default:
      return malformed(subject ?? '', 'unknown subject');
  }
}

/** What the composer can send; `malformed` is receive-only. */
export type OutgoingContent = Exclude<MessageContent, MalformedContent>;

export interface EncodedMessage {
  subject: string;
  body: string;
}

/** Encodes content into subject + body, the inverse of decodeMessageBody. */
export function encodeMessageBody(content: OutgoingContent): EncodedMessage {
  const json = (subject: string, value: object): EncodedMessage => ({
    subject,
    body: JSON.stringify({ version: MESSAGE_BODY_VERSION, ...value }),
  });
  switch (content.kind) {
    case 'text':
      return { subject: MESSAGE_SUBJECTS.TEXT, body: content.text };
    case 'form':
      return { subject: MESSAGE_SUBJECTS.TEXT, body: content.text };
    case 'image':
      return json(MESSAGE_SUBJECTS.IMAGE, {
        image: { id: content.imageId, filename: content.filename },
      });
    case 'imagePlaceholder':
      return json(MESSAGE_SUBJECTS.IMAGE_PLACEHOLDER, {
        placeholder: { id: content.placeholderId, filename: content.filename },
      });
    case 'file':
      return json(MESSAGE_SUBJECTS.FILE, { file: content.file });
    case 'patientCard':
      return json(MESSAGE_SUBJECTS.PATIENT_CARD, { patient_card: content.card });
    case 'reply':
      return json(MESSAGE_SUBJECTS.REPLY, {
        message: content.text,
        quoted_message: {
          id: content.quoted.id,
          sender_name: content.quoted.senderName,
          message: content.quoted.text,
        },
      });
    case 'adviceResolution':
      return json(MESSAGE_SUBJECTS.ADVICE_RESOLUTION, {
        advice_resolution: { action: content.action },
      });
  }
}

/** A one-line preview for the sidebar, inbox and notifications. */
export function messagePreview(content: MessageContent): string {
  switch (content.kind) {
    case 'text':
    case 'form':
    case 'reply':
      return content.text;
    case 'image':
    case 'imagePlaceholder':
      return 'Image';
    case 'file':
      return `File: ${content.file.filename}`;
    case 'patientCard':
      return `Patient card: ${content.card.card_title}`;
    case 'adviceResolution':
      return ADVICE_PREVIEW[content.action];
    case 'malformed':
      return TEXTS.messageProblem;
  }
}

const ADVICE_PREVIEW: Record<AdviceResolutionAction, string> = {
  RESOLVE: 'Marked as resolved',
  ACCEPT: 'Resolution accepted',
  REJECT: 'Conversation re-opened',
};
