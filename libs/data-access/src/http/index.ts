export * from './errors';
export * from './encodeQuery';
export { createHttpClient } from './createHttpClient';
export type { HttpClient, HttpLogger } from './createHttpClient';
