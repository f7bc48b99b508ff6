import { Readable } from 'node:stream';

// What the server's own modules expect of Node's globals, added where a browser lacks it. The
// plugin imports this module ahead of every module of apps/server/src, so it runs before any of
// them. It only adds what is missing, so nothing else on the page changes behaviour.

// Timers: the server calls `.unref()` (and Node's `.ref()`, `.hasRef()`) on the handles of its
// periodic jobs, so that they do not keep a Node process alive. A browser's setTimeout and
// setInterval return plain numbers; giving numbers these three no-op methods keeps every timer id a
// number (React, MSW and TanStack Query store and compare them) instead of wrapping the timers.
for (const [name, method] of [
  [
    'unref',
    function (this: number) {
      return this;
    },
  ],
  [
    'ref',
    function (this: number) {
      return this;
    },
  ],
  ['hasRef', () => true],
] as const) {
  if (!(name in Number.prototype)) {
    Object.defineProperty(Number.prototype, name, {
      value: method,
      writable: true,
      configurable: true,
    });
  }
}

// setImmediate: light-my-request's null socket and request stream call it on every request.
// Chromium has none; a MessageChannel message runs after the current task's microtasks, as
// Node's check phase runs after its, without the 4 ms clamp of a nested setTimeout(0).
if (typeof globalThis.setImmediate !== 'function') {
  const queue = new Map<number, () => void>();
  let next = 1;
  const channel = new MessageChannel();
  channel.port1.onmessage = (event: MessageEvent<number>) => {
    const run = queue.get(event.data);
    queue.delete(event.data);
    run?.();
  };
  const setImmediate = (fn: (...args: unknown[]) => void, ...args: unknown[]): number => {
    const id = next++;
    queue.set(id, () => {
      fn(...args);
    });
    channel.port2.postMessage(id);
    return id;
  };
  const clearImmediate = (id: number | undefined): void => {
    if (id !== undefined) queue.delete(id);
  };
  Object.assign(globalThis, { setImmediate, clearImmediate });
}

// Readable.from: the stream polyfill's (readable-stream 3) throws "Readable.from is not available
// in the browser", and the patient image list streams its answer through it
// (src/patients/imageList.ts: GET /images answered 500 in the page). Node's semantics: pulls the
// next value only when the stream wants more, ends with the iterator, fails with it.
type Source = AsyncIterable<unknown> | Iterable<unknown>;
Readable.from = function from(source: Source, options?: ConstructorParameters<typeof Readable>[0]) {
  const iterator: AsyncIterator<unknown, unknown> | Iterator<unknown, unknown> =
    Symbol.asyncIterator in source
      ? source[Symbol.asyncIterator]()
      : (source as Iterable<unknown>)[Symbol.iterator]();
  let pulling = false;
  return new Readable({
    objectMode: true,
    ...options,
    read() {
      if (pulling) return;
      pulling = true;
      void (async () => {
        try {
          for (;;) {
            const step: IteratorResult<unknown, unknown> = await iterator.next();
            if (step.done) {
              this.push(null);
              return;
            }
            if (!this.push(step.value)) return;
          }
        } catch (err) {
          this.destroy(err instanceof Error ? err : new Error(String(err)));
        } finally {
          pulling = false;
        }
      })();
    },
  });
} as typeof Readable.from;
