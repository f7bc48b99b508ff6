// SHIM: the server calls `.unref()` on setInterval/setTimeout handles (app.ts, xmpp/plugin.ts,
// audit, ...); browser timers are plain numbers. Wrap them in Number objects with ref/unref.
for (const name of ['setTimeout', 'setInterval'] as const) {
  const orig = globalThis[name].bind(globalThis) as (...a: unknown[]) => number;
  (globalThis as any)[name] = (...a: unknown[]) => {
    const id = orig(...a);
    const h = new Number(id) as any;
    h.unref = () => h; h.ref = () => h; h.hasRef = () => true;
    h[Symbol.toPrimitive] = () => id;
    return h;
  };
}
export {};

// SHIM: setImmediate/clearImmediate (light-my-request's null socket, Fastify, readable-stream).
if (!('setImmediate' in globalThis)) {
  const q = new Map<number, () => void>();
  let next = 1;
  const ch = new MessageChannel();
  ch.port1.onmessage = (e) => { const f = q.get(e.data); q.delete(e.data); f?.(); };
  (globalThis as any).setImmediate = (fn: (...a: unknown[]) => void, ...a: unknown[]) => {
    const id = next++; q.set(id, () => fn(...a)); ch.port2.postMessage(id);
    const h = new Number(id) as any; h.unref = () => h; h.ref = () => h; h.hasRef = () => true; return h;
  };
  (globalThis as any).clearImmediate = (id: unknown) => { q.delete(Number(id)); };
}

// SHIM (optional, off with ?nexttick=polyfill): the process polyfill's nextTick drains its queue
// with setTimeout(0), which browsers clamp to >= 4 ms once nested; every inject paid ~4 ms.
// @ts-expect-error untyped shim
import procEsm from '../node_modules/vite-plugin-node-polyfills/shims/process/dist/index.js';
// @ts-expect-error untyped shim
import procCjs from '../node_modules/vite-plugin-node-polyfills/shims/process/dist/index.cjs';
if (!location.search.includes('nexttick=polyfill')) {
  for (const p of new Set([procEsm, (procCjs as any).default ?? procCjs]) as Set<any>)
    p.nextTick = (fn: (...a: unknown[]) => void, ...a: unknown[]) => queueMicrotask(() => fn(...a));
}
