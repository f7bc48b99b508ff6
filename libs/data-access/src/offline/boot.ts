import type { CurrentUser, OfflineKeyResponse, TeamsWithAdviceConversations } from '@pando/domain';
import { importCopyKey, unseal, type SealedRecord } from './crypto';
import { COPY_KEY_ITEM, parseStoredKey, type KeyStorage } from './OfflineCopy';
import { directsOf, type DirectConversation, type DirectSource } from '../chat/directs';
import { CHAT, PAINT, QUERIES, readSealedRecord } from './sealedRecord';

/** What the first paint of the chat list needs from the copy (issue 37). */
export interface BootCopy {
  /** The sidebar's lists: teams, forums, advice conversations. */
  lists: TeamsWithAdviceConversations;
  /** Who is signed in: the menu's gates, the chat domain's own id. */
  user: CurrentUser;
  /** When the copy's answers were saved: "Offline — last updated 10:42". */
  savedAt: number;
  /** The direct conversations the chat had, named as the chat names them (`directsOf`). */
  directs: DirectConversation[];
  /** Unread counts by chat address, as the chat last had them. */
  unread: Record<string, number>;
}

export interface BootCopyOptions {
  /**
   * `GET /login/offline-key` with the session cookie; undefined when the session is refused or the
   * server cannot be reached (the app then decides: a 401 wipes the copy, see `OfflineCopy`).
   */
  fetchKey: () => Promise<OfflineKeyResponse | undefined>;
  /** The tab's copy of the key (sessionStorage), shared with `OfflineCopy`. */
  keyStorage: KeyStorage;
  now?: () => number;
  /** Reads one sealed record; IndexedDB (`readSealedRecord`) unless a test gives another. */
  readRecord?: (name: string) => Promise<SealedRecord | undefined>;
}

interface DehydratedQuery {
  queryKey: readonly unknown[];
  state: { data?: unknown };
}

/** The chat record's conversations and counts, read as untrusted input (as `restoredChat` does). */
function chatOf(value: unknown): Pick<BootCopy, 'directs' | 'unread'> {
  const c = (value ?? {}) as { conversations?: unknown; unread?: unknown };
  const kept = Array.isArray(c.conversations) ? (c.conversations as unknown[]) : [];
  const isMessage = (m: unknown): m is DirectSource['messages'][number] =>
    typeof m === 'object' && m !== null && typeof (m as { from?: unknown }).from === 'string';
  const conversations: DirectSource[] = [];
  for (const item of kept) {
    const k = (item ?? {}) as Record<string, unknown>;
    if (typeof k.address !== 'string' || typeof k.type !== 'string') continue;
    conversations.push({
      address: k.address,
      type: k.type,
      messages: Array.isArray(k.messages) ? k.messages.filter(isMessage) : [],
      lastMessage: isMessage(k.lastMessage) ? k.lastMessage : undefined,
    });
  }
  const unread: Record<string, number> = {};
  for (const [address, n] of Object.entries((c.unread ?? {}) as Record<string, unknown>))
    if (typeof n === 'number' && Number.isInteger(n) && n > 0) unread[address] = n;
  return { directs: directsOf(conversations), unread };
}

function answerOf(queries: readonly DehydratedQuery[], area: string, kind: string): unknown {
  return queries.find((q) => q.queryKey[0] === area && q.queryKey[1] === kind)?.state.data;
}

/**
 * The first paint's part of the copy's two records (the REST answers as `persistQueries` keeps
 * them, the chat as `persistChat` does), read as untrusted input; undefined without the lists or
 * the person. The app's paint snapshot (apps/web) reads its own in-memory copy through it too.
 */
export function bootCopyOf(queries: unknown, chat: unknown, savedAt: number): BootCopy | undefined {
  const saved = (queries ?? {}) as { queries?: unknown };
  const kept = Array.isArray(saved.queries) ? (saved.queries as DehydratedQuery[]) : [];
  const lists = answerOf(kept, 'teams', 'with-advice-conversations');
  const user = answerOf(kept, 'auth', 'current-user');
  if (!lists || !user) return undefined;
  return {
    lists: lists as TeamsWithAdviceConversations,
    user: user as CurrentUser,
    savedAt,
    ...chatOf(chat),
  };
}

/**
 * The chat list already rendered (issue 37): the app's `BootShell` as static markup, with the
 * view it shows serialised (`key`), so a returning visit paints it before React has loaded, and
 * only when it is exactly what the copy's lists would render now.
 */
export interface BootPaint {
  html: string;
  /** The same with the phone's main menu open (its button swaps the two). */
  menuHtml: string;
  key: string;
}

export interface BootRead {
  /** The sidebar's lists and the signed-in person; undefined without a copy or its key. */
  copy: Promise<BootCopy | undefined>;
  /** The rendered chat list kept beside them; undefined when there is none. */
  paint: Promise<BootPaint | undefined>;
}

/**
 * The sidebar's lists and the signed-in person from the encrypted copy, for the chat list's first
 * paint before the app has loaded (apps/web `boot/`), and the list as it was last rendered. It
 * reads three records (the REST answers, the chat's part, the rendered list) with the session's
 * key, as `OfflineCopy` does, and nothing else: no copy, no key, a key of another session or an
 * expired one give undefined, and the app then opens as it always has (and wipes what must go).
 * A key fetched here is kept for the tab exactly as `OfflineCopy` keeps it, so the app does not
 * ask for it again before its first render.
 */
export function openBootCopy(options: BootCopyOptions): BootRead {
  const now = options.now ?? Date.now;
  const read = options.readRecord ?? readSealedRecord;
  const record = read(QUERIES);
  const chatRecord = read(CHAT);
  const paintRecord = read(PAINT);
  const key = (async () => {
    let info = parseStoredKey(options.keyStorage.getItem(COPY_KEY_ITEM));
    if (info && Date.parse(info.expires_at) <= now()) return undefined;
    if (!info) {
      // Asked at once, beside the read (a new tab's app asks for it anyway, and finds it kept);
      // with no copy to open (a first visit), not waited for, but kept when it comes: the app's
      // copy then opens with it at once instead of waiting for a request of its own before the
      // app's first render (it confirms the session behind it, as on a returning visit).
      const fetched = options.fetchKey().then(
        (answer) => {
          if (answer) options.keyStorage.setItem(COPY_KEY_ITEM, JSON.stringify(answer));
          return answer;
        },
        () => undefined,
      );
      if (!(await record)) return undefined;
      info = await fetched;
      if (!info) return undefined;
    }
    return importCopyKey(info.key);
  })().catch(() => undefined);
  const copy = (async () => {
    const [sealed, k] = await Promise.all([record, key]);
    if (!sealed || !k) return undefined;
    const chatSealed = await chatRecord;
    return bootCopyOf(
      await unseal(k, QUERIES, sealed),
      chatSealed ? await unseal(k, CHAT, chatSealed) : undefined,
      sealed.savedAt,
    );
  })()
    // Sealed with another session's key: the app's copy removes it when it opens.
    .catch(() => undefined);
  const paint = (async () => {
    const [sealed, k] = await Promise.all([paintRecord, key]);
    if (!sealed || !k) return undefined;
    const value = (await unseal(k, PAINT, sealed)) as Partial<BootPaint> | undefined;
    return typeof value?.html === 'string' &&
      typeof value.menuHtml === 'string' &&
      typeof value.key === 'string'
      ? { html: value.html, menuHtml: value.menuHtml, key: value.key }
      : undefined;
  })().catch(() => undefined);
  return { copy, paint };
}
