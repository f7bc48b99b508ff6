import {
  TEXTS,
  canSendText,
  composerText,
  fileTooLargeMessage,
  formMessageText,
  isFileTooLarge,
  type ChatMessage,
  type OutgoingContent,
  type PatientCardShare,
} from '@pando/domain';
import { errorText, type ChatFile, type ChatUploads, type ConversationMeta } from './environment';
import type { StoreCore } from './snapshot';

/** Thrown by send helpers when a message cannot be sent or queued; the notice is already shown. */
export class ChatSendError extends Error {}

/** What sending needs beyond the store's core: the outbox, and the app's REST side. */
export interface SendHost {
  readonly core: StoreCore;
  /** Puts the message on screen and in the outbox (the outbox's one way in). */
  enqueue(address: string, content: OutgoingContent, id: string): ChatMessage;
  createId(): string;
  /** The REST calls behind image and file messages (`createChatUploads`). */
  readonly uploads?: ChatUploads;
  /** Adds the user to a forum they are not a member of (`createForumJoin`). */
  readonly joinForum?: (conversation: ConversationMeta) => Promise<void>;
}

/**
 * Sending from the composer: the message content of each kind (spec 01 §3), the conversations
 * the app registered (names, kinds, REST ids, forum membership), and the REST orchestration
 * around rich messages (spec 01 §7 "Images and files"; spec 01 §4 "sending into a forum joins
 * it"). The REST calls are the app's (`ChatUploads`, `joinForum`, see restSends.ts); the message
 * itself goes through the outbox (`enqueue`).
 */
export class Sends {
  private readonly conversations = new Map<string, ConversationMeta>();

  constructor(private readonly host: SendHost) {}

  /** What the app knows about conversations (teams, forums, users). */
  register(list: readonly ConversationMeta[]): void {
    for (const m of list) this.conversations.set(m.address, m);
  }

  meta(address: string): ConversationMeta | undefined {
    return this.conversations.get(address);
  }

  /** Text (a "Form: … (vN)" text is a form message; the codec tells them apart). */
  sendText(address: string, text: string): Promise<ChatMessage> {
    // Domain composer rules: blank text is not sent, over-long text is refused, not cut.
    if (!canSendText(text))
      return Promise.reject(new ChatSendError('message is empty or too long'));
    return this.send(address, { kind: 'text', text: composerText(text) });
  }

  /** A reply quoting an earlier message (spec 01 §3 json/reply). */
  sendReply(address: string, text: string, quoted: ChatMessage): Promise<ChatMessage> {
    const quotedText = quoted.body ?? '';
    return this.send(address, {
      kind: 'reply',
      text,
      quoted: { id: quoted.id, senderName: quoted.displayNames?.sender ?? '', text: quotedText },
    });
  }

  /** A structured form message: "Form: {title} (v{version})" (spec 02 §2). */
  sendForm(address: string, title: string, version: string): Promise<ChatMessage> {
    const text = formMessageText(title, version);
    return this.send(address, { kind: 'form', text, title, version });
  }

  /** A shared patient card; refused in forums (spec 01 §5). */
  sendPatientCard(address: string, card: PatientCardShare): Promise<ChatMessage> {
    if (this.meta(address)?.kind === 'forum') {
      this.host.core.notice('error', TEXTS.cannotSharePatientInForum);
      return Promise.reject(new ChatSendError(TEXTS.cannotSharePatientInForum));
    }
    return this.send(address, { kind: 'patientCard', card });
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
    this.setUploadProgress(id, 0);
    try {
      await this.ensureMembership(address);
      const record = await uploads.createChatImage();
      await uploads.uploadChatImage(record.id, image, (fraction) => {
        this.setUploadProgress(id, Math.max(0, Math.min(1, fraction)));
      });
      await uploads.shareChatImage(record.id, meta);
      return this.host.enqueue(
        address,
        { kind: 'image', imageId: String(record.id), filename: image.name },
        id,
      );
    } catch (err) {
      if (err instanceof ChatSendError) throw err;
      this.host.core.logger.warn('chat image send failed', { reason: errorText(err) });
      this.host.core.notice('error', TEXTS.sendImageFailed);
      throw new ChatSendError(TEXTS.sendImageFailed);
    } finally {
      this.setUploadProgress(id, null);
    }
  }

  /** A file (spec 01 §7): size check, POST /files with the conversation's ids, file message. */
  async sendFile(address: string, file: ChatFile): Promise<ChatMessage> {
    this.refuseTooLarge(file);
    const { uploads, meta } = this.requireUploads(address);
    try {
      await this.ensureMembership(address);
      const { id } = await uploads.uploadFile(file, meta);
      const content: OutgoingContent = {
        kind: 'file',
        file: { id: String(id), filename: file.name, size: file.size, type: file.type },
      };
      return this.host.enqueue(address, content, this.host.createId());
    } catch (err) {
      if (err instanceof ChatSendError) throw err;
      this.host.core.logger.warn('chat file send failed', { reason: errorText(err) });
      this.host.core.notice('error', TEXTS.sendFileFailed);
      throw new ChatSendError(TEXTS.sendFileFailed);
    }
  }

  /** A text-like message: into the forum first when needed, then into the outbox. */
  private async send(address: string, content: OutgoingContent): Promise<ChatMessage> {
    try {
      await this.ensureMembership(address);
    } catch (err) {
      this.host.core.logger.warn('forum join failed', { address, reason: errorText(err) });
      this.host.core.notice('error', TEXTS.sendFailed);
      throw new ChatSendError(TEXTS.sendFailed);
    }
    return this.host.enqueue(address, content, this.host.createId());
  }

  /** Joins a forum before the first message into it (spec 01 §4). */
  private async ensureMembership(address: string): Promise<void> {
    const meta = this.meta(address);
    const { joinForum } = this.host;
    if (meta?.kind !== 'forum' || meta.isMember !== false || !joinForum) return;
    await joinForum(meta);
    const current = this.conversations.get(address);
    if (current) this.conversations.set(address, { ...current, isMember: true });
  }

  /** Upload progress 0…1 under the message id, or null when the upload is over. */
  private setUploadProgress(id: string, fraction: number | null): void {
    const { core } = this.host;
    const { [id]: _done, ...rest } = core.snapshot().uploads;
    core.set({ uploads: fraction === null ? rest : { ...rest, [id]: fraction } });
  }

  private requireUploads(address: string): { uploads: ChatUploads; meta: ConversationMeta } {
    const meta = this.meta(address);
    if (!this.host.uploads || !meta)
      throw new ChatSendError('uploads are not configured for this conversation');
    return { uploads: this.host.uploads, meta };
  }

  private refuseTooLarge(file: ChatFile): void {
    if (!isFileTooLarge(file.size)) return;
    const message = fileTooLargeMessage(file.name);
    this.host.core.notice('warning', message);
    throw new ChatSendError(message);
  }
}
