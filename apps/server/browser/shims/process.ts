// node:process (and the global process) for the in-page server: vite-plugin-node-polyfills'
// `process`, with two changes.
// - nextTick on microtasks: the polyfill drains its queue with setTimeout(0), which browsers clamp
//   to >= 4 ms once nested; light-my-request answers through nextTick, so every inject paid ~4 ms
//   and buildServer took 1.2 s instead of 0.15 s (tools/browser-server-spike/README.md).
// - emitWarning (process-warning: Fastify's deprecation notices) goes to console.warn.
import process from 'vite-plugin-node-polyfills/shims/process';

process.nextTick = (fn: (...args: unknown[]) => void, ...args: unknown[]) => {
  queueMicrotask(() => {
    fn(...args);
  });
};

process.emitWarning = (warning: string | Error) => {
  console.warn(warning);
};

export { process };
export default process;
