import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface CookieAttributes {
  name: string;
  value: string;
  attributes: Map<string, string | true>;
}

/** Parses one Set-Cookie header into name, value and lower-cased attributes. */
function parseSetCookie(line: string): CookieAttributes {
  const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string | true>();
  for (const a of attrs) {
    const i = a.indexOf('=');
    if (i < 0) attributes.set(a.toLowerCase(), true);
    else attributes.set(a.slice(0, i).toLowerCase(), a.slice(i + 1));
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

export function setCookies(res: LightMyRequestResponse): CookieAttributes[] {
  const raw = res.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return lines.map(parseSetCookie);
}

/**
 * A cookie jar over `app.inject`, behaving like one browser tab: it stores cookies the server
 * sets (and forgets cleared ones) and sends the JSON content type on every non-GET, as the web
 * client does.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    for (const c of setCookies(res)) {
      const expired =
        c.value === '' ||
        c.attributes.get('max-age') === '0' ||
        String(c.attributes.get('expires') ?? '').includes('1970');
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
}
