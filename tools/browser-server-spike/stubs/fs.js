// STUB for node:fs and node:fs/promises: an empty file system (existsSync false, reads throw ENOENT).
const enoent = (p) => Object.assign(new Error(`ENOENT (browser stub): ${p}`), { code: 'ENOENT' });
export const existsSync = () => false;
export const readFileSync = (p) => { throw enoent(p); };
export const readdirSync = (p) => { throw enoent(p); };
export const statSync = (p) => { throw enoent(p); };
export const mkdirSync = () => {}; export const writeFileSync = () => {}; export const rmSync = () => {};
export const openSync = (p) => { throw enoent(p); }; export const closeSync = () => {};
export const fsyncSync = () => {}; export const writeSync = () => 0; export const readSync = () => 0;
export const ftruncateSync = () => {}; export const renameSync = () => {}; export const unlinkSync = () => {};
export const createReadStream = (p) => { throw enoent(p); }; export const createWriteStream = (p) => { throw enoent(p); };
export const realpathSync = (p) => p; export const lstatSync = statSync;
export const stat = (p, cb) => cb(enoent(p)); export const readFile = (p, o, cb) => (cb || o)(enoent(p));
export const constants = { O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, F_OK: 0, R_OK: 4 };
const rej = async (p) => { throw enoent(p); };
export const promises = { readFile: rej, writeFile: async () => {}, stat: rej, lstat: rej, readdir: rej, mkdir: async () => {}, rm: async () => {}, unlink: async () => {}, rename: async () => {}, open: rej, access: rej, copyFile: rej };
export const { readFile: pReadFile } = promises;
export default { existsSync, readFileSync, readdirSync, statSync, lstatSync, mkdirSync, writeFileSync, rmSync, openSync, closeSync, fsyncSync, writeSync, readSync, ftruncateSync, renameSync, unlinkSync, createReadStream, createWriteStream, realpathSync, stat, readFile, constants, promises };
