// STUB for `ws`: src/xmpp/plugin.ts builds a WebSocketServer({ noServer: true }); never upgraded here.
import { EventEmitter } from 'events';
export class WebSocketServer extends EventEmitter { constructor(o) { super(); this.options = o; this.clients = new Set(); } handleUpgrade() { throw new Error('ws stub'); } close(cb) { cb && cb(); } }
export class WebSocket extends EventEmitter {}
export default WebSocket;
