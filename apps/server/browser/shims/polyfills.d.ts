// Types for vite-plugin-node-polyfills' Buffer and process, which it ships as .ts sources its
// package.json does not export: they are the `buffer` package (Node's API, less base64url, which
// ./buffer.ts adds) and the `process` package (a small part of Node's, ./process.ts).
declare module 'vite-plugin-node-polyfills/shims/buffer' {
  export * from 'node:buffer';
  import { Buffer } from 'node:buffer';
  export default Buffer;
}

declare module 'vite-plugin-node-polyfills/shims/process' {
  const process: NodeJS.Process;
  export default process;
}
