import fs from './fs.js';
export const { readFile, writeFile, stat, lstat, readdir, mkdir, rm, unlink, rename, open, access, copyFile } = fs.promises;
export default fs.promises;
