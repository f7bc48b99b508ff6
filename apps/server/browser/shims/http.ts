// node:http, node:https and node:http2 for the in-page server. Nothing listens in a page: every
// request comes in through Fastify's inject() (light-my-request), so what is needed is
// - `ServerResponse`: light-my-request's Response calls it as an ES5 constructor and inherits its
//   prototype (setHeader…, writeHead, write, end); Fastify's reply then reads `statusCode`,
//   `headersSent`, `writableEnded`, `destroyed`, `socket` and the header methods;
// - `createServer`: Fastify makes its server at construction (never listened on: listen throws);
// - `STATUS_CODES` (Fastify's error handler) and `METHODS` (Fastify's route check).
// It is the part of Node's OutgoingMessage those two use, written to Node's behaviour (headers
// kept case-insensitively with their first spelling; no changes once sent; `_header` holds the
// status line and the Date header, which light-my-request copies from it; no body for HEAD, 1xx,
// 204, 304). Not covered: trailers, chunked framing, socket back-pressure (write always returns
// true), client requests (`request`/`get` throw). browser.test.ts runs it in Chromium.
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { notInBrowser } from './notInBrowser.js';

/** Node's table (v22). */
export const STATUS_CODES: Record<number, string | undefined> = {
  100: 'Continue',
  101: 'Switching Protocols',
  102: 'Processing',
  103: 'Early Hints',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  204: 'No Content',
  205: 'Reset Content',
  206: 'Partial Content',
  207: 'Multi-Status',
  208: 'Already Reported',
  226: 'IM Used',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  305: 'Use Proxy',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  509: 'Bandwidth Limit Exceeded',
  510: 'Not Extended',
  511: 'Network Authentication Required',
};

export const METHODS = [
  'ACL',
  'BIND',
  'CHECKOUT',
  'CONNECT',
  'COPY',
  'DELETE',
  'GET',
  'HEAD',
  'LINK',
  'LOCK',
  'M-SEARCH',
  'MERGE',
  'MKACTIVITY',
  'MKCALENDAR',
  'MKCOL',
  'MOVE',
  'NOTIFY',
  'OPTIONS',
  'PATCH',
  'POST',
  'PROPFIND',
  'PROPPATCH',
  'PURGE',
  'PUT',
  'QUERY',
  'REBIND',
  'REPORT',
  'SEARCH',
  'SOURCE',
  'SUBSCRIBE',
  'TRACE',
  'UNBIND',
  'UNLINK',
  'UNLOCK',
  'UNSUBSCRIBE',
];

type HeaderValue = number | string | string[];

interface RequestLike {
  method?: string;
}

function headersSentError(): Error {
  return Object.assign(new Error('Cannot set headers after they are sent to the client'), {
    code: 'ERR_HTTP_HEADERS_SENT',
  });
}

/**
 * The prototype of `ServerResponse`. Its fields are set by the `ServerResponse` function below,
 * not by a class constructor: light-my-request calls `http.ServerResponse.call(this, req)`,
 * which an ES class refuses.
 */
class ServerResponsePrototype extends EventEmitter {
  declare req: RequestLike | undefined;
  declare statusCode: number;
  declare statusMessage: string | undefined;
  declare headersSent: boolean;
  declare sendDate: boolean;
  declare writable: boolean;
  declare writableEnded: boolean;
  declare writableFinished: boolean;
  declare finished: boolean;
  declare destroyed: boolean;
  declare socket: unknown;
  declare connection: unknown;
  /** False for HEAD requests and for 1xx, 204 and 304 answers (light-my-request reads it). */
  declare _hasBody: boolean;
  /** The status line and the headers Node adds itself (light-my-request reads Date from it). */
  declare _header: string | null;
  /** Lower-cased name → [name as first set, value]. */
  declare _headers: Map<string, [string, HeaderValue]>;

  setHeader(name: string, value: HeaderValue): this {
    if (this.headersSent) throw headersSentError();
    const key = name.toLowerCase();
    this._headers.set(key, [this._headers.get(key)?.[0] ?? name, value]);
    return this;
  }

  appendHeader(name: string, value: HeaderValue): this {
    const old = this.getHeader(name);
    const add = Array.isArray(value) ? value : [String(value)];
    if (old === undefined) return this.setHeader(name, value);
    return this.setHeader(name, [...(Array.isArray(old) ? old : [String(old)]), ...add]);
  }

  getHeader(name: string): HeaderValue | undefined {
    return this._headers.get(name.toLowerCase())?.[1];
  }

  getHeaders(): Record<string, HeaderValue> {
    const out = Object.create(null) as Record<string, HeaderValue>;
    for (const [key, [, value]] of this._headers) out[key] = value;
    return out;
  }

  getHeaderNames(): string[] {
    return [...this._headers.keys()];
  }

  getRawHeaderNames(): string[] {
    return [...this._headers.values()].map(([name]) => name);
  }

  hasHeader(name: string): boolean {
    return this._headers.has(name.toLowerCase());
  }

  removeHeader(name: string): void {
    if (this.headersSent) throw headersSentError();
    this._headers.delete(name.toLowerCase());
  }

  writeHead(
    statusCode: number,
    message?: string | Record<string, HeaderValue> | HeaderValue[],
    headers?: Record<string, HeaderValue> | HeaderValue[],
  ): this {
    if (this.headersSent) throw headersSentError();
    if (typeof message !== 'string') {
      headers = message;
      message = undefined;
    }
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) {
        this.appendHeader(String(headers[i]), headers[i + 1] ?? '');
      }
    } else if (headers) {
      for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    }
    this.statusCode = statusCode;
    this.statusMessage = message ?? this.statusMessage ?? STATUS_CODES[statusCode] ?? 'unknown';
    if (statusCode < 200 || statusCode === 204 || statusCode === 304) this._hasBody = false;
    let head = `HTTP/1.1 ${statusCode} ${this.statusMessage}\r\n`;
    for (const [name, value] of this._headers.values()) {
      for (const v of Array.isArray(value) ? value : [value]) head += `${name}: ${v}\r\n`;
    }
    if (this.sendDate && !this.hasHeader('date')) head += `Date: ${new Date().toUTCString()}\r\n`;
    this._header = head + '\r\n';
    this.headersSent = true;
    return this;
  }

  flushHeaders(): void {
    if (!this.headersSent) this.writeHead(this.statusCode);
  }

  /** The body itself is kept by light-my-request's override; this only sends the head. */
  write(_chunk: unknown, encoding?: unknown, callback?: () => void): boolean {
    if (this.writableEnded) throw new Error('write after end');
    this.flushHeaders();
    const done = typeof encoding === 'function' ? (encoding as () => void) : callback;
    if (done) queueMicrotask(done);
    return true;
  }

  end(chunk?: unknown, encoding?: unknown, callback?: () => void): this {
    const done = [chunk, encoding, callback].find((a) => typeof a === 'function') as
      (() => void) | undefined;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
      this.write(chunk, typeof encoding === 'function' ? undefined : encoding);
    }
    this.flushHeaders();
    this.writableEnded = true;
    this.writableFinished = true;
    this.finished = true;
    this.writable = false;
    if (done) queueMicrotask(done);
    return this;
  }

  destroy(): this {
    this.destroyed = true;
    return this;
  }

  assignSocket(socket: unknown): void {
    this.socket = socket;
    this.connection = socket;
  }

  detachSocket(): void {
    this.socket = null;
    this.connection = null;
  }

  setTimeout(): this {
    return this;
  }

  cork(): void {
    // No socket to batch writes for.
  }

  uncork(): void {
    // No socket to batch writes for.
  }
}

/** Callable without `new`, as Node's (see ServerResponsePrototype). */
export function ServerResponse(this: ServerResponsePrototype, req?: RequestLike): void {
  EventEmitter.call(this);
  this.req = req;
  this.statusCode = 200;
  this.statusMessage = undefined;
  this.headersSent = false;
  this.sendDate = true;
  this.writable = true;
  this.writableEnded = false;
  this.writableFinished = false;
  this.finished = false;
  this.destroyed = false;
  this.socket = null;
  this.connection = null;
  this._hasBody = req?.method !== 'HEAD';
  this._header = null;
  this._headers = new Map();
}
ServerResponse.prototype = ServerResponsePrototype.prototype;

/** A request's type for Fastify's code; light-my-request makes its own requests. */
export class IncomingMessage extends Readable {}

/** Fastify makes one at construction; nothing can listen in a page (use inject()). */
export function createServer(): EventEmitter {
  const server = Object.assign(new EventEmitter(), {
    listening: false,
    listen() {
      throw notInBrowser('http.Server#listen (use app.inject())');
    },
    close(callback?: () => void) {
      if (callback) queueMicrotask(callback);
      return server;
    },
    address: () => null,
    setTimeout: () => server,
    closeIdleConnections() {
      // Nothing is connected.
    },
  });
  return server;
}

export function request(): never {
  throw notInBrowser('http.request');
}

export function get(): never {
  throw notInBrowser('http.get');
}

export default {
  STATUS_CODES,
  METHODS,
  ServerResponse,
  IncomingMessage,
  createServer,
  request,
  get,
};
