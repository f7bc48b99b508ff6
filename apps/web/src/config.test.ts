import { describe, expect, it } from 'vitest';
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
});
