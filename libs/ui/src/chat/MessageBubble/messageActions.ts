import type { FileShare, TimelineMessage } from '@pando/domain';
import type { ImageState } from '../ImageViewer';

/** Whether the form template a form message names exists (spec 02 §2). */
export type FormTemplateStatus = 'found' | 'notFound' | 'superseded';

/**
 * What a message bubble can ask of the app. Every callback is optional: a bubble without one
 * simply does not offer the action. Lookups (`getImage`, `getFormStatus`) read state the app
 * already holds; they must not fetch during render.
 */
export interface MessageActions {
  /** Retries sending a failed outgoing message. */
  onRetrySend?: (messageId: string) => void;
  /** Starts a reply quoting this message. */
  onReply?: (entry: TimelineMessage) => void;
  /** The thumbnail of a chat image; absent means still loading. */
  getImage?: (imageId: string) => ImageState | undefined;
  /** Refetches a failed thumbnail (spec 01 §8: clicking the broken image retries). */
  onRetryImage?: (imageId: string) => void;
  /** A loaded thumbnail's bytes would not decode or the request behind `src` failed. */
  onImageError?: (imageId: string) => void;
  /** Opens the full-size viewer. */
  onOpenImage?: (imageId: string, filename?: string) => void;
  /** Opens the download-or-email dialog for a shared file. */
  onFileAction?: (file: FileShare) => void;
  /** Where a shared file downloads from; the file name becomes a link to it. */
  getFileUrl?: (file: FileShare) => string;
  /** Navigates to a shared patient card (`/patients/{id}`). */
  onOpenPatientCard?: (cardId: number) => void;
  /** Whether the form template still exists. @default found */
  getFormStatus?: (title: string, version: string) => FormTemplateStatus;
  /** Opens a form message's template. */
  onOpenForm?: (title: string, version: string) => void;
}
