import type { Directory } from './directory.js';
import type { MarkerStore } from './markers.js';
import type { RoomDirectory } from './rooms.js';
import type { SessionRegistry } from './sessions.js';
import type { ArchiveWriter, ChatDb } from './store.js';

/** What the stanza handlers (messages, 1:1, rooms, IQs) share: the ChatServer's parts. */
export interface ChatContext {
  readonly domain: string;
  readonly roomDomain: string;
  readonly db: ChatDb;
  /** The injected clock: archive times, last activity, directory freshness. */
  readonly now: () => Date;
  readonly sessions: SessionRegistry;
  readonly directory: Directory;
  readonly rooms: RoomDirectory;
  readonly writer: ArchiveWriter;
  /** Received/displayed markers kept with the archive (markers.ts). */
  readonly markers: MarkerStore;
  /** Spec 01 §4 forum auto-join (ChatServerOptions.joinOnPost). */
  readonly joinOnPost: ((mimId: string, senderUuid: string) => Promise<boolean>) | undefined;
  userJid(uuid: string): string;
  roomJid(mimId: string): string;
}
