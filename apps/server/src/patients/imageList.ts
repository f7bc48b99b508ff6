import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { UploadStore } from '../uploads/store.js';

/** One image of the list: its meta (already in wire shape) and where its bytes are stored. */
interface ImageListEntry {
  meta: Record<string, unknown>;
  key: string;
}

/** How much of the body waits for the socket before the next step is read. */
const READ_BYTES = 48 * 1024;

/**
 * The body of `GET /images?patient_id=&thumbnail=` (spec 01: `{ results: [{ meta, data }],
 * total_count }`), written as the images are read: each image's bytes are base64-encoded one
 * file read (64 KiB) at a time, whole groups of 3 bytes with the rest carried over, and the next
 * read happens only when the socket has taken the last (Readable.from pulls on demand). A request holds about one step in memory, never an image,
 * let alone the card's twelve full images (issue 36: 377 MB per request before). An image whose
 * bytes are missing is left out, as before; `total_count` counts the records.
 */
export function sendImageList(
  reply: FastifyReply,
  store: UploadStore,
  entries: readonly ImageListEntry[],
  totalCount: number,
): FastifyReply {
  async function* body(): AsyncGenerator<string> {
    yield '{"results":[';
    let first = true;
    for (const entry of entries) {
      const stream = await store.get(entry.key);
      if (!stream) continue;
      yield `${first ? '' : ','}{"meta":${JSON.stringify(entry.meta)},"data":"`;
      first = false;
      let carry = Buffer.alloc(0);
      for await (const chunk of stream) {
        const bytes = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
        const whole = bytes.length - (bytes.length % 3);
        if (whole > 0) yield bytes.subarray(0, whole).toString('base64');
        carry = Buffer.from(bytes.subarray(whole));
      }
      yield `${carry.toString('base64')}"}`;
    }
    yield `],"total_count":${totalCount}}`;
  }
  return reply
    .type('application/json; charset=utf-8')
    .send(Readable.from(body(), { objectMode: false, highWaterMark: READ_BYTES }));
}
