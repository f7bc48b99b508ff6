// node:stream/promises: promisified pipeline/finished of stream-browserify (readable-stream 3).
import { pipeline as p, finished as f } from 'stream-browserify';
export const pipeline = (...s) => new Promise((res, rej) => p(...s, (e) => (e ? rej(e) : res())));
export const finished = (s, o) => new Promise((res, rej) => f(s, o ?? {}, (e) => (e ? rej(e) : res())));
export default { pipeline, finished };
