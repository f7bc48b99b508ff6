// STUB for node:async_hooks: AsyncResource as a no-op wrapper, AsyncLocalStorage synchronous-only.
export class AsyncResource {
  constructor(type) { this.type = type; }
  static bind(fn) { return fn; }
  bind(fn) { return fn.bind(this); }
  runInAsyncScope(fn, thisArg, ...a) { return fn.apply(thisArg, a); }
  emitDestroy() { return this; }
  asyncId() { return 0; } triggerAsyncId() { return 0; }
}
export class AsyncLocalStorage {
  run(store, fn, ...a) { const p = this._s; this._s = store; try { return fn(...a); } finally { this._s = p; } }
  getStore() { return this._s; }
  enterWith(s) { this._s = s; }
  disable() { this._s = undefined; }
}
export const executionAsyncId = () => 0; export const triggerAsyncId = () => 0;
export const createHook = () => ({ enable() { return this; }, disable() { return this; } });
export default { AsyncResource, AsyncLocalStorage, executionAsyncId, triggerAsyncId, createHook };
