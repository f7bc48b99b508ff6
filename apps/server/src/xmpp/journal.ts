import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

/**
 * The embedded server's chat journal (issue 23; README.md "The journal"): records appended to
 * two preallocated segment files in DATA_DIR and synced before `append` resolves. Appends that
 * arrive while a write is on the disk share the next write (group commit), so at rest a record
 * costs one small synced write and under load many records share one.
 *
 * The files are opened with O_DSYNC and written in place: the file never grows, so a sync
 * carries the data only (no metadata), which is what PostgreSQL does with its WAL segments.
 * The write is synchronous, in a setImmediate: by then Node has read every socket that was
 * ready, so the group holds everything that arrived in this turn of the event loop, and one
 * message at rest pays ~0.1 ms instead of ~0.15 through libuv's thread pool (measured here).
 *
 * Layout of a segment: a header (magic, version, epoch, crc) in its first 4 KiB, then records
 * back to back, each `magic | epoch | payload length | crc | id (u64) | payload`, the crc over
 * the id and the payload. A segment is reused from its start with a higher epoch; reading stops
 * at the first record that is not of the segment's epoch or whose crc fails (a torn write, which
 * was never acknowledged). The writer moves to the other segment when one is full, after the
 * caller has applied every record in it (`waitApplied`), so nothing unapplied is overwritten.
 */

const SEGMENT_MAGIC = 0x504a524e; // 'PJRN'
const RECORD_MAGIC = 0x52454331; // 'REC1'
const VERSION = 1;
const HEADER_BYTES = 4096;
const RECORD_HEADER = 24;
const SEGMENTS = 2;

export interface JournalRecord {
  id: number;
  payload: Buffer;
}

interface JournalOptions {
  /** Size of each of the two segment files. */
  segmentBytes: number;
  /**
   * Resolves once every record up to `id` is applied (stored elsewhere): the writer calls it
   * before it reuses a segment whose last record is `id`.
   */
  waitApplied: (id: number) => Promise<void>;
}

interface Segment {
  fd: number;
  epoch: number;
  /** The last record's id in the segment's current epoch (0: none). */
  lastId: number;
}

interface Queued {
  buf: Buffer;
  id: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

const segmentPath = (dir: string, i: number) => path.join(dir, `chat-journal-${String(i)}`);

function writeAll(fd: number, buf: Buffer, position: number): void {
  for (let at = 0; at < buf.length;)
    at += fs.writeSync(fd, buf, at, buf.length - at, position + at);
}

function headerBuffer(epoch: number): Buffer {
  const h = Buffer.alloc(HEADER_BYTES);
  h.writeUInt32LE(SEGMENT_MAGIC, 0);
  h.writeUInt32LE(VERSION, 4);
  h.writeUInt32LE(epoch, 8);
  h.writeUInt32LE(crc32(h.subarray(0, 12)), 12);
  return h;
}

/** The segment's epoch, or 0 when its header is missing or broken (an unused segment). */
function readEpoch(buf: Buffer): number {
  if (buf.length < 16 || buf.readUInt32LE(0) !== SEGMENT_MAGIC) return 0;
  if (buf.readUInt32LE(12) !== crc32(buf.subarray(0, 12))) return 0;
  if (buf.readUInt32LE(4) !== VERSION) throw new Error('chat journal: unknown version');
  return buf.readUInt32LE(8);
}

/** The records of the segment's current epoch, in order. */
function readRecords(buf: Buffer, epoch: number): JournalRecord[] {
  const out: JournalRecord[] = [];
  let at = HEADER_BYTES;
  while (at + RECORD_HEADER <= buf.length) {
    if (buf.readUInt32LE(at) !== RECORD_MAGIC || buf.readUInt32LE(at + 4) !== epoch) break;
    const len = buf.readUInt32LE(at + 8);
    const end = at + RECORD_HEADER + len;
    if (end > buf.length) break;
    if (buf.readUInt32LE(at + 12) !== crc32(buf.subarray(at + 16, end))) break;
    const id = Number(buf.readBigUInt64LE(at + 16));
    out.push({ id, payload: buf.subarray(at + RECORD_HEADER, end) });
    at = end;
  }
  return out;
}

/** Creates a segment file of `bytes` zeros, synced, so later writes never grow it. */
function preallocate(file: string, bytes: number): void {
  const fd = fs.openSync(file, 'w');
  try {
    const zeros = Buffer.alloc(Math.min(bytes, 1 << 20));
    for (let at = 0; at < bytes; at += zeros.length)
      fs.writeSync(fd, zeros, 0, Math.min(zeros.length, bytes - at), at);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function syncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export class ChatJournal {
  private queue: Queued[] = [];
  private writing = false;
  private current = 0;
  private offset = HEADER_BYTES;
  private failed: Error | undefined;
  private closed = false;
  private flushed: Promise<void> = Promise.resolve();

  private constructor(
    private readonly segments: Segment[],
    private readonly opts: JournalOptions,
  ) {}

  /**
   * Opens (or creates) the journal in `dir` and returns what it holds: every record of both
   * segments' current epochs, by id. The caller applies those it has not stored yet, then calls
   * `start`, which begins a new epoch; nothing can be appended before.
   */
  static open(
    dir: string,
    opts: JournalOptions,
  ): { journal: ChatJournal; records: JournalRecord[] } {
    if (opts.segmentBytes < HEADER_BYTES * 4) throw new Error('chat journal: segment too small');
    const segments: Segment[] = [];
    const records: JournalRecord[] = [];
    let created = false;
    for (let i = 0; i < SEGMENTS; i++) {
      const file = segmentPath(dir, i);
      const size = fs.existsSync(file) ? fs.statSync(file).size : -1;
      if (size !== opts.segmentBytes) {
        // A different size (the setting changed): its records are read first, then replaced.
        if (size > 0) {
          const buf = fs.readFileSync(file);
          records.push(...readRecords(buf, readEpoch(buf)));
        }
        preallocate(file, opts.segmentBytes);
        created = true;
      }
      const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_DSYNC);
      // A segment just created holds zeros: nothing to read.
      const buf = size === opts.segmentBytes ? fs.readFileSync(file) : undefined;
      const epoch = buf ? readEpoch(buf) : 0;
      const found = buf && epoch > 0 ? readRecords(buf, epoch) : [];
      records.push(...found);
      segments.push({ fd, epoch, lastId: found.at(-1)?.id ?? 0 });
    }
    if (created) syncDir(dir);
    records.sort((a, b) => a.id - b.id);
    return { journal: new ChatJournal(segments, opts), records };
  }

  /** The highest id of any record read at open (0: none). */
  get lastId(): number {
    return Math.max(...this.segments.map((s) => s.lastId));
  }

  /**
   * Begins a new epoch in the first segment; call once every record returned by `open` is
   * applied. The old records of the other segment stay until it is reused, and are all applied.
   */
  start(): void {
    this.begin(0);
  }

  /** Appends one record; resolves once it is on the disk. Ids must increase. */
  append(id: number, payload: Buffer): Promise<void> {
    if (this.failed !== undefined) return Promise.reject(this.failed);
    if (this.closed) return Promise.reject(new Error('chat journal closed'));
    const buf = Buffer.allocUnsafe(RECORD_HEADER + payload.length);
    buf.writeUInt32LE(RECORD_MAGIC, 0);
    buf.writeUInt32LE(0, 4); // the epoch, set when the record's segment is known
    buf.writeUInt32LE(payload.length, 8);
    buf.writeBigUInt64LE(BigInt(id), 16);
    payload.copy(buf, RECORD_HEADER);
    buf.writeUInt32LE(crc32(buf.subarray(16)), 12);
    if (buf.length > this.opts.segmentBytes - HEADER_BYTES)
      return Promise.reject(new Error('chat journal: record larger than a segment'));
    return new Promise((resolve, reject) => {
      this.queue.push({ buf, id, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        this.flushed = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
          this.drain(),
        );
      }
    });
  }

  /** Waits for the appends in flight, then closes the files; appends after are refused. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flushed;
    for (const s of this.segments) fs.closeSync(s.fd);
  }

  private begin(i: number): void {
    const seg = this.segments[i] as Segment;
    const epoch = Math.max(...this.segments.map((s) => s.epoch)) + 1;
    writeAll(seg.fd, headerBuffer(epoch), 0);
    seg.epoch = epoch;
    seg.lastId = 0;
    this.current = i;
    this.offset = HEADER_BYTES;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const seg = this.segments[this.current] as Segment;
        const room = this.opts.segmentBytes - this.offset;
        // As many queued records as fit; when not even the first does, the other segment.
        let n = 0;
        let bytes = 0;
        for (const q of this.queue) {
          if (bytes + q.buf.length > room) break;
          bytes += q.buf.length;
          n++;
        }
        if (n === 0) {
          const next = (this.current + 1) % SEGMENTS;
          try {
            await this.opts.waitApplied((this.segments[next] as Segment).lastId);
            this.begin(next);
          } catch (err) {
            this.fail(err);
            return;
          }
          continue;
        }
        const group = this.queue.splice(0, n);
        const out =
          group.length === 1
            ? (group[0] as Queued).buf
            : Buffer.concat(
                group.map((q) => q.buf),
                bytes,
              );
        for (let at = 0; at < bytes;) {
          out.writeUInt32LE(seg.epoch, at + 4);
          at += RECORD_HEADER + out.readUInt32LE(at + 8);
        }
        try {
          writeAll(seg.fd, out, this.offset);
        } catch (err) {
          for (const q of group) q.reject(err);
          this.fail(err);
          return;
        }
        this.offset += bytes;
        seg.lastId = (group.at(-1) as Queued).id;
        for (const q of group) q.resolve();
      }
    } finally {
      this.writing = false;
    }
  }

  /**
   * A failed write leaves the journal's end unknown: every later append is refused (the
   * messages are not acknowledged) until a restart reads the journal again.
   */
  private fail(err: unknown): void {
    this.failed = err instanceof Error ? err : new Error(String(err));
    for (const q of this.queue.splice(0)) q.reject(err);
  }
}
