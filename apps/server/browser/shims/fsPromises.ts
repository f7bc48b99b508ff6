// node:fs/promises for the in-page server: the promise half of ./fs.ts (every call rejects with
// an ENOENT error naming it).
import { promises } from './fs.js';

export const {
  readFile,
  writeFile,
  appendFile,
  readdir,
  stat,
  lstat,
  access,
  open,
  mkdir,
  rm,
  unlink,
  rename,
  copyFile,
} = promises;

export default promises;
