// node:fs for the in-page server: an empty file system. The server touches files only for things
// the page leaves out (the data directory and its lock, the chat journal, uploads, the built web
// app); at start, config.ts looks for the repository's package.json (`existsSync`: false, so it
// settles on process.cwd()) and the uploads store makes its folder (`mkdirSync`, `mkdir`: no-ops,
// as making a folder that stays empty). Every other call throws an ENOENT error naming itself, so
// a path that needs a real file (an upload, a download) fails loudly instead of reading nothing.
import { notInBrowser } from './notInBrowser.js';

function missing(call: string, path: unknown): Error {
  return Object.assign(notInBrowser(`fs.${call}(${JSON.stringify(String(path))})`), {
    code: 'ENOENT',
  });
}

export function existsSync(): boolean {
  return false;
}

const fail =
  (call: string) =>
  (path?: unknown): never => {
    throw missing(call, path);
  };

/** The callback form: the error comes on the callback, as Node's does. */
const failLater =
  (call: string) =>
  (path: unknown, ...rest: unknown[]): void => {
    const callback = rest.findLast((a) => typeof a === 'function') as
      ((err: Error) => void) | undefined;
    const err = missing(call, path);
    if (!callback) throw err;
    queueMicrotask(() => {
      callback(err);
    });
  };

const reject =
  (call: string) =>
  (path?: unknown): Promise<never> =>
    Promise.reject(missing(call, path));

export const readFileSync = fail('readFileSync');
export const readdirSync = fail('readdirSync');
export const statSync = fail('statSync');
export const lstatSync = fail('lstatSync');
export const realpathSync = fail('realpathSync');
export const openSync = fail('openSync');
/** Succeeds, as on a real disk; nothing can be written into the folder afterwards. */
export function mkdirSync(): undefined {
  return undefined;
}
export const writeFileSync = fail('writeFileSync');
export const appendFileSync = fail('appendFileSync');
export const renameSync = fail('renameSync');
export const rmSync = fail('rmSync');
export const unlinkSync = fail('unlinkSync');
export const createReadStream = fail('createReadStream');
export const createWriteStream = fail('createWriteStream');
export const readFile = failLater('readFile');
export const stat = failLater('stat');
export const lstat = failLater('lstat');
export const open = failLater('open');

export const promises = {
  readFile: reject('promises.readFile'),
  writeFile: reject('promises.writeFile'),
  appendFile: reject('promises.appendFile'),
  readdir: reject('promises.readdir'),
  stat: reject('promises.stat'),
  lstat: reject('promises.lstat'),
  access: reject('promises.access'),
  open: reject('promises.open'),
  mkdir: (): Promise<undefined> => Promise.resolve(undefined),
  rm: reject('promises.rm'),
  unlink: reject('promises.unlink'),
  rename: reject('promises.rename'),
  copyFile: reject('promises.copyFile'),
};

export const constants = {
  F_OK: 0,
  R_OK: 4,
  W_OK: 2,
  X_OK: 1,
  O_RDONLY: 0,
  O_WRONLY: 1,
  O_RDWR: 2,
};

export default {
  existsSync,
  readFileSync,
  readdirSync,
  statSync,
  lstatSync,
  realpathSync,
  openSync,
  mkdirSync,
  writeFileSync,
  appendFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  createReadStream,
  createWriteStream,
  readFile,
  stat,
  lstat,
  open,
  promises,
  constants,
};
