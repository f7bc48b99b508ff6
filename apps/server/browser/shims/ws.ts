// `ws` for the in-page server: src/xmpp/plugin.ts makes a WebSocketServer({ noServer: true }) when
// it registers, and closes it with the app. Chat sockets come through the HTTP server's 'upgrade'
// event, which a page never fires, so this server stays empty; upgrading is not supported.
import { EventEmitter } from 'node:events';
import { notInBrowser } from './notInBrowser.js';

export class WebSocketServer extends EventEmitter {
  readonly clients = new Set<never>();

  handleUpgrade(): never {
    throw notInBrowser('ws.WebSocketServer#handleUpgrade (chat over WebSocket)');
  }

  close(callback?: () => void): void {
    if (callback) queueMicrotask(callback);
  }
}
