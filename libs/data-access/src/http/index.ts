export * from './errors';
export * from './encodeQuery';
export {
  createHttpClient,
  CLIENT_HEADER,
  FORBIDDEN_MESSAGE,
  UNPROCESSABLE_MESSAGE,
  SERVER_ERROR_MESSAGE,
} from './createHttpClient';
export type {
  HttpClient,
  HttpClientOptions,
  HttpLogger,
  HttpMethod,
  HttpNotification,
  RequestOptions,
} from './createHttpClient';
