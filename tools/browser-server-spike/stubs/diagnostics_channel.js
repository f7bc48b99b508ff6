// STUB for node:diagnostics_channel (no subscribers ever).
const ch = () => ({ hasSubscribers: false, publish() {}, subscribe() {}, unsubscribe() {}, bindStore() {}, unbindStore() {}, runStores(_d, fn, thisArg, ...a) { return fn.apply(thisArg, a); } });
export const channel = (name) => ({ name, ...ch() });
export const hasSubscribers = () => false;
export const subscribe = () => {}; export const unsubscribe = () => {};
export const tracingChannel = () => ({
  hasSubscribers: false, start: ch(), end: ch(), asyncStart: ch(), asyncEnd: ch(), error: ch(),
  subscribe() {}, unsubscribe() {},
  traceSync(fn, _c, thisArg, ...a) { return fn.apply(thisArg, a); },
  tracePromise(fn, _c, thisArg, ...a) { return fn.apply(thisArg, a); },
  traceCallback(fn, _p, _c, thisArg, ...a) { return fn.apply(thisArg, a); },
});
export default { channel, hasSubscribers, subscribe, unsubscribe, tracingChannel };
