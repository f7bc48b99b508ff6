import { WebSocket } from 'ws';

/**
 * A deliberately small RFC 7395 client for load generation: raw frames, string matching, no
 * XML parsing, so the generator is never the bottleneck.
 */
export class RawXmpp {
  private waiters: {
    pred: (f: string) => boolean;
    resolve: (f: string) => void;
    reject: (e: Error) => void;
    timer: NodeJS.Timeout;
  }[] = [];
  onFrame: ((f: string) => void) | undefined;
  jid = '';
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d: Buffer) => {
      const f = d.toString('utf8');
      this.onFrame?.(f);
      if (this.waiters.length === 0) return;
      for (const w of [...this.waiters]) {
        if (w.pred(f)) {
          clearTimeout(w.timer);
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(f);
        }
      }
    });
    ws.on('close', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) {
        clearTimeout(w.timer);
        w.reject(new Error('socket closed'));
      }
    });
    ws.on('error', () => {});
  }

  static connect(url: string): Promise<RawXmpp> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, 'xmpp', { perMessageDeflate: false });
      const c = new RawXmpp(ws);
      ws.once('open', () => {
        resolve(c);
      });
      ws.once('error', reject);
      ws.once('unexpected-response', (_q, res) => {
        reject(new Error(`HTTP ${res.statusCode} from ${url}`));
      });
    });
  }

  send(frame: string): void {
    this.ws.send(frame);
  }

  wait(pred: (f: string) => boolean, timeoutMs = 30_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error('timed out'));
      }, timeoutMs);
      const w = { pred, resolve, reject, timer };
      this.waiters.push(w);
    });
  }

  async open(domain: string): Promise<string> {
    const features = this.wait((f) => f.includes('features'));
    this.send(`<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" to="${domain}" version="1.0"/>`);
    return features;
  }

  /** XEP-0077 in-band registration (the peers; our server provisions users through SQL). */
  async register(user: string, password: string): Promise<void> {
    const id = `reg-${user}`;
    const res = this.wait((f) => f.includes(`id="${id}"`) || f.includes(`id='${id}'`));
    this.send(
      `<iq xmlns="jabber:client" type="set" id="${id}"><query xmlns="jabber:iq:register"><username>${user}</username><password>${password}</password></query></iq>`,
    );
    const r = await res;
    if (!/type=["']result["']/.test(r) && !r.includes('conflict'))
      throw new Error(`registration of ${user} failed: ${r}`);
  }

  /** Open, SASL PLAIN, restart, bind, initial presence (peers deliver only to available resources). */
  static async login(
    url: string,
    domain: string,
    user: string,
    password: string,
    resource = 'load',
  ): Promise<RawXmpp> {
    const c = await RawXmpp.connect(url);
    try {
      return await c.signIn(domain, user, password, resource);
    } catch (err) {
      // A login that failed (a peer timing out under the idle test) gives its socket back.
      c.close();
      throw err;
    }
  }

  private async signIn(
    domain: string,
    user: string,
    password: string,
    resource: string,
  ): Promise<RawXmpp> {
    await this.open(domain);
    const outcome = this.wait((f) => f.includes('<success') || f.includes('<failure'));
    this.send(
      `<auth xmlns="urn:ietf:params:xml:ns:xmpp-sasl" mechanism="PLAIN">${Buffer.from(`\0${user}\0${password}`).toString('base64')}</auth>`,
    );
    const o = await outcome;
    if (!o.includes('<success')) throw new Error(`login of ${user} failed: ${o}`);
    await this.open(domain);
    const bound = this.wait((f) => f.includes('id="bind1"') || f.includes("id='bind1'"));
    this.send(
      `<iq xmlns="jabber:client" type="set" id="bind1"><bind xmlns="urn:ietf:params:xml:ns:xmpp-bind"><resource>${resource}</resource></bind></iq>`,
    );
    const b = await bound;
    this.jid = /<jid>([^<]+)<\/jid>/.exec(b)?.[1] ?? '';
    this.send('<presence xmlns="jabber:client"/>');
    return this;
  }

  close(): void {
    if (this.closed) return;
    try {
      this.ws.send('<close xmlns="urn:ietf:params:xml:ns:xmpp-framing"/>');
    } catch {
      // already gone
    }
    this.ws.terminate();
  }
}
