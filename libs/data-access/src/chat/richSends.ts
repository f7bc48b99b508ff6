import {
  TEXTS,
  fileTooLargeMessage,
  isFileTooLarge,
  type ChatMessage,
  type OutgoingContent,
} from '@pando/domain';
import type { ChatFile, ChatLogger, ChatNotice, ChatUploads, ConversationMeta } from './ChatStore';

/** Thrown by send helpers when a message cannot be sent or queued; the notice is already shown. */
export class ChatSendError extends Error {}

/** What the rich sends need of the store: its conversations, its outbox and its notices. */
export interface RichSendHost {
  meta(address: string): ConversationMeta | undefined;
  /** The viewer joined this forum (the first message into it). */
  markMember(address: string): void;
  /** Puts the message on screen and in the outbox (the store's one way in). */
  enqueue(address: string, content: OutgoingContent, id?: string): ChatMessage;
  /** Upload progress 0…1 under the message id, or null when the upload is over. */
  setUploadProgress(id: string, fraction: number | null): void;
  notice(kind: ChatNotice['kind'], message: string): void;
  readonly logger: ChatLogger;
  createId(): string;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The REST orchestration around rich messages (spec 01 §7 "Images and files"; spec 01 §4
 * "sending into a forum joins it"), out of the chat store: the REST calls are the app's
 * (`ChatUploads`, `joinForum`, see restSends.ts), the message is the store's (`enqueue`).
 */
export class RichSends {
  constructor(
    private readonly host: RichSendHost,
    private readonly uploadsApi: ChatUploads | undefined,
    private readonly joinForum: ((conversation: ConversationMeta) => Promise<void>) | undefined,
  ) {}

  /** Joins a forum before the first message into it (spec 01 §4). */
  async ensureMembership(address: string): Promise<void> {
    const meta = this.host.meta(address);
    if (meta?.kind !== 'forum' || meta.isMember !== false || !this.joinForum) return;
    await this.joinForum(meta);
    this.host.markMember(address);
  }

  private requireUploads(address: string): { uploads: ChatUploads; meta: ConversationMeta } {
    const meta = this.host.meta(address);
    if (!this.uploadsApi || !meta)
      throw new ChatSendError('uploads are not configured for this conversation');
    return { uploads: this.uploadsApi, meta };
  }

  private refuseTooLarge(file: ChatFile): void {
    if (!isFileTooLarge(file.size)) return;
    const message = fileTooLargeMessage(file.name);
    this.host.notice('warning', message);
    throw new ChatSendError(message);
  }

  /**
   * An image (spec 01 §7): size check, POST /images/chat, PUT with progress, share, then the
   * image message. The bubble shows progress under the message id it will have; a failure
   * marks it failed and says so.
   */
  async sendImage(address: string, image: ChatFile): Promise<ChatMessage> {
    this.refuseTooLarge(image);
    const { uploads, meta } = this.requireUploads(address);
    const id = this.host.createId();
    this.host.setUploadProgress(id, 0);
    try {
      await this.ensureMembership(address);
      const record = await uploads.createChatImage();
      await uploads.uploadChatImage(record.id, image, (fraction) => {
        this.host.setUploadProgress(id, Math.max(0, Math.min(1, fraction)));
      });
      await uploads.shareChatImage(record.id, meta);
      return this.host.enqueue(
        address,
        { kind: 'image', imageId: String(record.id), filename: image.name },
        id,
      );
    } catch (err) {
      if (err instanceof ChatSendError) throw err;
      this.host.logger.warn('chat image send failed', { reason: errorText(err) });
      this.host.notice('error', TEXTS.sendImageFailed);
      throw new ChatSendError(TEXTS.sendImageFailed);
    } finally {
      this.host.setUploadProgress(id, null);
    }
  }

  /** A file (spec 01 §7): size check, POST /files with the conversation's ids, file message. */
  async sendFile(address: string, file: ChatFile): Promise<ChatMessage> {
    this.refuseTooLarge(file);
    const { uploads, meta } = this.requireUploads(address);
    try {
      await this.ensureMembership(address);
      const { id } = await uploads.uploadFile(file, meta);
      return this.host.enqueue(address, {
        kind: 'file',
        file: { id: String(id), filename: file.name, size: file.size, type: file.type },
      });
    } catch (err) {
      if (err instanceof ChatSendError) throw err;
      this.host.logger.warn('chat file send failed', { reason: errorText(err) });
      this.host.notice('error', TEXTS.sendFileFailed);
      throw new ChatSendError(TEXTS.sendFileFailed);
    }
  }
}
