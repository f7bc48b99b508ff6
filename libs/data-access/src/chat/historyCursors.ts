/**
 * Where each conversation's archive paging stands (MAM/RSM ids are decimal strings, compared as
 * big integers): the oldest id held (paging back) and the newest (catching up after a reconnect).
 */
export interface ConversationCursor {
  /** RSM id of the oldest page we hold (backward paging). */
  oldestArchiveId?: string;
  /** Newest archive id seen (forward catch-up after a reconnect). */
  newestArchiveId?: string;
}

export class HistoryCursors {
  private readonly cursors = new Map<string, ConversationCursor>();

  get(address: string): ConversationCursor | undefined {
    return this.cursors.get(address);
  }

  /** Widens the conversation's known range with an archive id. */
  note(address: string, archiveId: string, which: 'newest' | 'oldest'): void {
    const cursor = this.cursors.get(address) ?? {};
    const n = BigInt(archiveId);
    if (
      which === 'newest' &&
      (cursor.newestArchiveId === undefined || n > BigInt(cursor.newestArchiveId))
    ) {
      cursor.newestArchiveId = archiveId;
    }
    if (
      which === 'oldest' &&
      (cursor.oldestArchiveId === undefined || n < BigInt(cursor.oldestArchiveId))
    ) {
      cursor.oldestArchiveId = archiveId;
    }
    this.cursors.set(address, cursor);
  }
}
