// STUB for node:http: light-my-request needs a real-ish http.ServerResponse (it calls it as an
// ES5 constructor and inherits from it); Fastify needs createServer (never listened on) and STATUS_CODES.
import { EventEmitter } from 'events';
import { Readable } from 'stream';
export const STATUS_CODES = {100:'Continue',101:'Switching Protocols',200:'OK',201:'Created',202:'Accepted',204:'No Content',206:'Partial Content',301:'Moved Permanently',302:'Found',303:'See Other',304:'Not Modified',307:'Temporary Redirect',308:'Permanent Redirect',400:'Bad Request',401:'Unauthorized',403:'Forbidden',404:'Not Found',405:'Method Not Allowed',406:'Not Acceptable',408:'Request Timeout',409:'Conflict',410:'Gone',411:'Length Required',412:'Precondition Failed',413:'Payload Too Large',414:'URI Too Long',415:'Unsupported Media Type',416:'Range Not Satisfiable',422:'Unprocessable Entity',428:'Precondition Required',429:'Too Many Requests',431:'Request Header Fields Too Large',500:'Internal Server Error',501:'Not Implemented',502:'Bad Gateway',503:'Service Unavailable',504:'Gateway Timeout'};
export const METHODS = ['ACL','BIND','CHECKOUT','CONNECT','COPY','DELETE','GET','HEAD','LINK','LOCK','M-SEARCH','MERGE','MKACTIVITY','MKCALENDAR','MKCOL','MOVE','NOTIFY','OPTIONS','PATCH','POST','PROPFIND','PROPPATCH','PURGE','PUT','QUERY','REBIND','REPORT','SEARCH','SOURCE','SUBSCRIBE','TRACE','UNBIND','UNLINK','UNLOCK','UNSUBSCRIBE'];

export function ServerResponse(req) {
  EventEmitter.call(this);
  this.req = req;
  this.statusCode = 200;
  this.statusMessage = undefined;
  this._hdrs = Object.create(null);
  this._hdrNames = Object.create(null);
  this.headersSent = false;
  this.writableEnded = false;
  this.writableFinished = false;
  this.finished = false;
  this.destroyed = false;
  this.writable = true;
  this.sendDate = true;
  this._hasBody = !(req && req.method === 'HEAD');
  this._header = null;
}
Object.setPrototypeOf(ServerResponse.prototype, EventEmitter.prototype);
Object.setPrototypeOf(ServerResponse, EventEmitter);
const P = ServerResponse.prototype;
P.setHeader = function (n, v) { const k = n.toLowerCase(); this._hdrs[k] = v; this._hdrNames[k] = n; return this; };
P.appendHeader = function (n, v) { const k = n.toLowerCase(); const o = this._hdrs[k]; this.setHeader(n, o === undefined ? v : [].concat(o, v)); return this; };
P.getHeader = function (n) { return this._hdrs[n.toLowerCase()]; };
P.getHeaders = function () { const o = Object.create(null); for (const k in this._hdrs) o[k] = this._hdrs[k]; return o; };
P.getHeaderNames = function () { return Object.keys(this._hdrs); };
P.hasHeader = function (n) { return n.toLowerCase() in this._hdrs; };
P.removeHeader = function (n) { const k = n.toLowerCase(); delete this._hdrs[k]; delete this._hdrNames[k]; };
P.flushHeaders = function () { if (!this.headersSent) this.writeHead(this.statusCode); };
P.assignSocket = function (s) { this.socket = this.connection = s; };
P.detachSocket = function () { this.socket = this.connection = null; };
P.setTimeout = function () { return this; };
P.cork = function () {}; P.uncork = function () {};
P.writeHead = function (code, msg, headers) {
  if (this.headersSent) throw Object.assign(new Error('Cannot write headers after they are sent'), { code: 'ERR_HTTP_HEADERS_SENT' });
  if (typeof msg !== 'string') { headers = msg; msg = undefined; }
  this.statusCode = code;
  this.statusMessage = msg ?? this.statusMessage ?? STATUS_CODES[code] ?? 'unknown';
  if (Array.isArray(headers)) { for (let i = 0; i < headers.length; i += 2) this.appendHeader(headers[i], headers[i + 1]); }
  else if (headers) for (const k of Object.keys(headers)) this.setHeader(k, headers[k]);
  if (code === 204 || code === 304 || (code >= 100 && code < 200)) this._hasBody = false;
  if (this.sendDate && !this.hasHeader('date')) this.setHeader('Date', new Date().toUTCString());
  this._header = `HTTP/1.1 ${code} ${this.statusMessage}\r\n` + Object.entries(this._hdrs).map(([k, v]) => `${this._hdrNames[k]}: ${v}`).join('\r\n') + '\r\n\r\n';
  this.headersSent = true;
  return this;
};
P.write = function (chunk, enc, cb) {
  if (typeof enc === 'function') cb = enc;
  if (!this.headersSent) this.writeHead(this.statusCode);
  if (typeof cb === 'function') queueMicrotask(cb);
  return true;
};
P.end = function (cb) {
  if (!this.headersSent) this.writeHead(this.statusCode);
  this.writableEnded = true; this.finished = true; this.writableFinished = true;
  if (typeof cb === 'function') queueMicrotask(cb);
  return this;
};
P.destroy = function () { this.destroyed = true; };

export class IncomingMessage extends Readable {}
export class OutgoingMessage extends EventEmitter {}
export class Agent {}
export const globalAgent = new Agent();
export const maxHeaderSize = 16384;

export function createServer(opts, handler) {
  if (typeof opts === 'function') handler = opts;
  const s = new EventEmitter();
  s.listening = false;
  s.listen = () => { throw new Error('no listening in the browser (use inject)'); };
  s.close = (cb) => { cb && queueMicrotask(cb); return s; };
  s.address = () => null;
  s.setTimeout = () => s;
  s.closeIdleConnections = () => {}; s.closeAllConnections = () => {};
  s.handler = handler;
  return s;
}
export function request() { throw new Error('http.request: not in the browser'); }
export function get() { throw new Error('http.get: not in the browser'); }
export const validateHeaderName = () => {}; export const validateHeaderValue = () => {};
export default { STATUS_CODES, METHODS, ServerResponse, IncomingMessage, OutgoingMessage, Agent, globalAgent, maxHeaderSize, createServer, request, get, validateHeaderName, validateHeaderValue };
