import { describe, expect, it, vi } from 'vitest';
import { apiBaseUrl, loadRuntimeConfig } from './config';

function answering(status: number, body: unknown): typeof fetch {
  return () => Promise.resolve(new Response(JSON.stringify(body), { status }));
}

describe('the runtime configuration (GET /api/config)', () => {
  it('fills the defaults of RuntimeConfigSchema', async () => {
    const config = await loadRuntimeConfig(
      answering(200, { chat_websocket_url: '/xmpp', chat_domain: 'localhost', extra: 1 }),
    );
    expect(config).toEqual({
      api_base: '/api/v4',
      analytics_base: '/api/v1',
      chat_websocket_url: '/xmpp',
      chat_domain: 'localhost',
      product_name: 'Pando',
      demo: false,
      redirect_disabled: false,
      analytics_scope: null,
      analytics_demo: null,
      support_url: 'https://pando.health/support',
      knowledge_base_url: 'https://pando.health/knowledge-base',
    });
    expect(apiBaseUrl(config, 'https://pando.example')).toBe('https://pando.example/api/v4');
  });

  it('names the offending field of a bad answer', async () => {
    await expect(
      loadRuntimeConfig(answering(200, { chat_websocket_url: '/xmpp', chat_domain: 'a b' })),
    ).rejects.toThrow('GET /api/config: chat_domain: must be a host name');
    await expect(
      loadRuntimeConfig(
        answering(200, {
          chat_websocket_url: '/xmpp',
          chat_domain: 'h',
          analytics_scope: { kind: 'ward', id: '1' },
        }),
      ),
    ).rejects.toThrow(/^GET \/api\/config: analytics_scope\.kind: /);
    await expect(loadRuntimeConfig(answering(200, []))).rejects.toThrow(
      'GET /api/config: (root): ',
    );
  });

  it('fails on an error status', async () => {
    await expect(loadRuntimeConfig(answering(503, {}))).rejects.toThrow(
      'GET /api/config answered 503',
    );
  });

  it('opens on the last configuration when there is no network (issue 37)', async () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    const online = answering(200, { chat_websocket_url: '/xmpp', chat_domain: 'ward.example' });
    await loadRuntimeConfig(online, storage);
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect((await loadRuntimeConfig(offline, storage)).chat_domain).toBe('ward.example');
      await expect(
        loadRuntimeConfig(offline, { getItem: () => null, setItem: () => undefined }),
      ).rejects.toThrow('Failed to fetch');
    } finally {
      onLine.mockRestore();
    }
    // Online, a failure is not hidden behind the kept configuration.
    await expect(loadRuntimeConfig(offline, storage)).rejects.toThrow('Failed to fetch');
  });
});
