import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createHttpClient, type HttpClientOptions } from './createHttpClient';
import {
  DataConflictError,
  ForbiddenError,
  NotFoundError,
  RefusedError,
  ResponseShapeError,
  ServerError,
  UnauthorisedError,
  UnprocessableError,
  isBadRequest,
} from './errors';

function setup(status: number, body?: unknown, path = '/teams/5') {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
  const deps = {
    notify: vi.fn(),
    navigateToLogin: vi.fn(),
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), event: vi.fn() },
  };
  const options: HttpClientOptions = {
    baseUrl: 'https://pando.test/api/v4/',
    clientVersion: '1.2.3',
    clientBuild: 'abc123',
    getCurrentPath: () => path,
    fetch: fetchMock,
    ...deps,
  };
  return { client: createHttpClient(options), fetchMock, ...deps };
}

function requestUrl(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function lastInit(fetchMock: ReturnType<typeof setup>['fetchMock']) {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: requestUrl(call[0]), init: call[1] ?? {} };
}

describe('HTTP client: request shape (spec 01 §7)', () => {
  it('sends credentials by cookie, a JSON content type even without a body, and the client header with version and build', async () => {
    const { client, fetchMock } = setup(204);
    await client.request({ method: 'DELETE', path: '/login', query: { single: true } });
    const { url, init } = lastInit(fetchMock);
    expect(url).toBe('https://pando.test/api/v4/login?single=true');
    expect(init.credentials).toBe('include');
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['X-Pando-Client']).toBe('web/1.2.3 (abc123)');
    expect(init.body).toBeUndefined();
  });

  it('does not set a JSON content type on multipart uploads, so the browser sets the boundary', async () => {
    const { client, fetchMock } = setup(200, { id: 1 });
    const form = new FormData();
    form.set('filename', 'x.png');
    await client.request({ method: 'POST', path: '/images', body: form });
    const headers = lastInit(fetchMock).init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(lastInit(fetchMock).init.body).toBe(form);
  });

  it('adds a bearer token only to calls marked as bearer-authenticated', async () => {
    const { client, fetchMock } = setup(200, {});
    const withToken = createHttpClient({
      baseUrl: 'https://pando.test/api/v4',
      clientVersion: '1',
      clientBuild: '1',
      notify: vi.fn(),
      navigateToLogin: vi.fn(),
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), event: vi.fn() },
      getBearerToken: () => 'tok-1',
      fetch: fetchMock,
    });
    await withToken.request({ method: 'GET', path: '/structured/templates', bearer: true });
    expect((lastInit(fetchMock).init.headers as Record<string, string>).Authorization).toBe(
      'Bearer tok-1',
    );
    await withToken.request({ method: 'GET', path: '/teams/1' });
    expect(
      (lastInit(fetchMock).init.headers as Record<string, string>).Authorization,
    ).toBeUndefined();
    await client.request({ method: 'GET', path: '/x', bearer: true });
    expect(
      (lastInit(fetchMock).init.headers as Record<string, string>).Authorization,
    ).toBeUndefined();
  });

  it("by default fetches the session's bearer token from /login/access-token, reuses it, renews it before it runs out and once after a 401", async () => {
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    let issued = 0;
    const seen: { url: string; auth: string | undefined }[] = [];
    const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = requestUrl(input);
      const auth = (init?.headers as Record<string, string>).Authorization;
      seen.push({ url, auth });
      if (url.endsWith('/login/access-token')) {
        issued += 1;
        return Promise.resolve(
          Response.json({ access_token: `tok-${issued}`, expires_in: 3600 }, { status: 200 }),
        );
      }
      // The server refuses the second token once (it ended early), then accepts the third.
      const status = auth === 'Bearer tok-2' ? 401 : 200;
      return Promise.resolve(Response.json({ count: 1 }, { status }));
    });
    const navigateToLogin = vi.fn();
    const client = createHttpClient({
      baseUrl: 'https://pando.test/api/v4',
      clientVersion: '1',
      clientBuild: '1',
      notify: vi.fn(),
      navigateToLogin,
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), event: vi.fn() },
      getCurrentPath: () => '/manage',
      fetch: fetchMock,
    });
    const call = () =>
      client.request({
        method: 'GET',
        path: '/organisation/x/messages/total/count/2026-01-01/2026-01-30',
        baseUrl: 'https://pando.test/api/v1',
        bearer: true,
      });
    await Promise.all([call(), call()]);
    expect(issued).toBe(1);
    expect(seen.filter((s) => s.auth === 'Bearer tok-1')).toHaveLength(2);
    expect(seen[1]?.url).toBe(
      'https://pando.test/api/v1/organisation/x/messages/total/count/2026-01-01/2026-01-30',
    );
    now = 3540_000; // a minute before the end: renewed (tok-2)
    // tok-2 is refused (it ended early): tok-3 is fetched and the call retried once.
    expect(await call()).toEqual({ count: 1 });
    expect(issued).toBe(3);
    expect(seen.map((x) => x.auth).slice(-3)).toEqual(['Bearer tok-2', undefined, 'Bearer tok-3']);
    await call();
    expect(issued).toBe(3);
    expect(navigateToLogin).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('percent-encodes query values including ! ( ) * and leaves out unset ones', async () => {
    const { client, fetchMock } = setup(200, {});
    await client.request({
      method: 'GET',
      path: '/filters',
      query: {
        q: "o'brien (cardio)! *",
        include: ['user.other', 'team.forum'],
        'page[number]': 2,
        unset: undefined,
      },
    });
    expect(lastInit(fetchMock).url).toBe(
      "https://pando.test/api/v4/filters?q=o'brien%20%28cardio%29%21%20%2A&include=user.other%2Cteam.forum&page%5Bnumber%5D=2",
    );
  });

  it('parses answers with the wire schema and names the offending field when it does not match', async () => {
    const schema = z.object({ id: z.number(), name: z.string() });
    const ok = setup(200, { id: 5, name: 'Ward 7 Team', extra: true });
    await expect(ok.client.request({ method: 'GET', path: '/teams/5', schema })).resolves.toEqual({
      id: 5,
      name: 'Ward 7 Team',
    });
    const bad = setup(200, { id: 5, name: 7 });
    const error = await bad.client
      .request({ method: 'GET', path: '/teams/5', schema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toContain('name');
  });
});

describe('HTTP client: central status handling (spec 01 §8)', () => {
  it("400: logged as '[BAD REQUEST]'; the call continues without a throw", async () => {
    const { client, logger, notify } = setup(400, {
      message: 'name is required',
      internalCode: 'VALIDATION',
    });
    const result = await client.request({ method: 'POST', path: '/teams', body: {} });
    expect(isBadRequest(result)).toBe(true);
    expect(result).toMatchObject({
      status: 400,
      message: 'name is required',
      internalCode: 'VALIDATION',
    });
    expect(logger.warn).toHaveBeenCalledWith(
      '[BAD REQUEST]',
      expect.objectContaining({ path: '/teams' }),
    );
    expect(notify).not.toHaveBeenCalled();
  });

  it('401: logged; an access-token-invalid event is logged; the user goes to login with msg=logged-out', async () => {
    const { client, logger, navigateToLogin } = setup(
      401,
      { message: 'no session' },
      '/teams/5?tab=members',
    );
    await expect(client.request({ method: 'GET', path: '/teams/5' })).rejects.toBeInstanceOf(
      UnauthorisedError,
    );
    expect(logger.event).toHaveBeenCalledWith('access_token_invalid', expect.anything());
    expect(navigateToLogin).toHaveBeenCalledWith(
      '/login?msg=logged-out&redirect=%2Fteams%2F5%3Ftab%3Dmembers',
    );
  });

  it('401 on the login screen itself stays there (the login form shows its own unauthorised message)', async () => {
    const { client, navigateToLogin } = setup(401, {}, '/login?redirect=%2F');
    await expect(
      client.request({ method: 'POST', path: '/auth', body: {} }),
    ).rejects.toBeInstanceOf(UnauthorisedError);
    expect(navigateToLogin).not.toHaveBeenCalled();
  });

  it("403: logged and thrown; for non-GET the notification 'You are not allowed to perform that action.'", async () => {
    const post = setup(403, { message: 'not a member' });
    await expect(
      post.client.request({ method: 'POST', path: '/teams/5/members/add', body: {} }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    expect(post.notify).toHaveBeenCalledWith({
      kind: 'error',
      message: 'You are not allowed to perform that action.',
    });
    const get = setup(403, { message: 'not a member' });
    await expect(get.client.request({ method: 'GET', path: '/teams/5' })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect(get.notify).not.toHaveBeenCalled();
    expect(get.logger.warn).toHaveBeenCalled();
  });

  it('404: logged and thrown, without a notification', async () => {
    const { client, notify, logger } = setup(404, { message: 'no such team' });
    await expect(
      client.request({ method: 'PUT', path: '/teams/99', body: {} }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(notify).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledWith('[NOT FOUND]', expect.anything());
  });

  it('422: logged; for non-GET an unprocessable notification shows, then it is handled as a data conflict', async () => {
    const post = setup(422, {
      message: 'email type not allowed',
      internalCode: 'INVALID_EMAIL_TYPE',
    });
    const error = await post.client
      .request({ method: 'POST', path: '/auth', body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableError);
    expect(error).toBeInstanceOf(DataConflictError);
    expect(error).toMatchObject({
      status: 422,
      internalCode: 'INVALID_EMAIL_TYPE',
      message: 'email type not allowed',
    });
    expect(post.notify).toHaveBeenCalledWith(expect.objectContaining({ kind: 'warning' }));
    const get = setup(422, {});
    await expect(get.client.request({ method: 'GET', path: '/x' })).rejects.toBeInstanceOf(
      UnprocessableError,
    );
    expect(get.notify).not.toHaveBeenCalled();
  });

  it('409: thrown as a data conflict carrying internalCode and message', async () => {
    const { client, notify } = setup(409, {
      message: 'Advice team is not active',
      internalCode: 'ADVICE_TEAM_NOT_ACTIVE',
    });
    const error = await client
      .request({ method: 'GET', path: '/chat-room/abc' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataConflictError);
    expect(error).toMatchObject({
      status: 409,
      internalCode: 'ADVICE_TEAM_NOT_ACTIVE',
      message: 'Advice team is not active',
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it("5xx: a server-error notification for non-GET; '[INTERNAL SERVER ERROR]' only in the log, the error says a sentence", async () => {
    const post = setup(500, { message: 'boom' });
    const error = await post.client
      .request({ method: 'POST', path: '/teams', body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as Error).message).toBe(
      'There was an error on the server. The engineering team has been notified.',
    );
    expect(post.notify).toHaveBeenCalledWith(expect.objectContaining({ kind: 'error' }));
    expect(post.logger.error).toHaveBeenCalledWith('[INTERNAL SERVER ERROR]', expect.anything());
    const get = setup(503);
    await expect(get.client.request({ method: 'GET', path: '/teams' })).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(get.notify).not.toHaveBeenCalled();
  });

  it("another 4xx throws the server's message and notifies it (a warning), never a server error", async () => {
    for (const [status, message] of [
      [413, 'The file is too large to send, the limit is 25 Mb for a single file.'],
      [415, 'This file type is not accepted. Send an image or a PDF or Word (docx) document.'],
      [429, 'Too many file emails. Try again in 2 minutes.'],
    ] as const) {
      const post = setup(status, { message, statusCode: status });
      const error = await post.client
        .request({ method: 'POST', path: '/structured/files', body: {} })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RefusedError);
      expect(error).not.toBeInstanceOf(ServerError);
      expect((error as Error).message).toBe(message);
      expect(post.notify).toHaveBeenCalledWith({ kind: 'warning', message });
      expect(post.logger.error).not.toHaveBeenCalled();
    }
  });

  it('a screen that shows the refusal beside the action gets no notification repeating it', async () => {
    const { client, notify } = setup(429, { message: 'Too many login attempts.' });
    await expect(
      client.request({ method: 'POST', path: '/auth', body: {}, showsRefusal: true }),
    ).rejects.toMatchObject({ message: 'Too many login attempts.' });
    expect(notify).not.toHaveBeenCalled();
    // A server fault is still notified as the spec says.
    const failing = setup(500, {});
    await failing.client
      .request({ method: 'POST', path: '/auth', body: {}, showsRefusal: true })
      .catch(() => undefined);
    expect(failing.notify).toHaveBeenCalledWith(expect.objectContaining({ kind: 'error' }));
  });

  it('a 4xx without a message of its own still says what to do', async () => {
    const { client } = setup(413);
    await expect(
      client.request({ method: 'POST', path: '/images', body: {} }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/25 Mb/) as unknown });
  });

  it('a 429 carries how long the server asked to wait (Retry-After)', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            message: 'Too many login attempts. Try again in 11 minutes.',
            statusCode: 429,
          }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '603' } },
        ),
      ),
    );
    const client = createHttpClient({
      baseUrl: '/api/v4',
      clientVersion: '1',
      clientBuild: '1',
      notify: vi.fn(),
      navigateToLogin: vi.fn(),
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), event: vi.fn() },
      fetch: fetchMock,
    });
    await expect(client.request({ method: 'POST', path: '/auth', body: {} })).rejects.toMatchObject(
      { status: 429, retryAfterSeconds: 603 },
    );
  });

  it('a 409 with a message throws that message (a stale write says someone else changed it)', async () => {
    const { client, notify } = setup(409, {
      message: 'Someone else changed this team. Reload it to see their changes.',
      statusCode: 409,
    });
    await expect(
      client.request({ method: 'PUT', path: '/teams/5', body: {} }),
    ).rejects.toMatchObject({
      message: 'Someone else changed this team. Reload it to see their changes.',
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('a 403 FEATURE_NOT_ENABLED leaves its notice to the screen: no generic "not allowed"', async () => {
    const { client, notify } = setup(403, {
      message: 'Invitations by email are not enabled for this network',
      internalCode: 'FEATURE_NOT_ENABLED',
    });
    await expect(
      client.request({ method: 'POST', path: '/admin/invites', body: {} }),
    ).rejects.toMatchObject({ internalCode: 'FEATURE_NOT_ENABLED' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('a network failure is handled like a server error', async () => {
    const notify = vi.fn();
    const client = createHttpClient({
      baseUrl: '/api/v4',
      clientVersion: '1',
      clientBuild: '1',
      notify,
      navigateToLogin: vi.fn(),
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), event: vi.fn() },
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await client
      .request({ method: 'PUT', path: '/teams/1', body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    // No answer is not a server fault: the person reads that the connection was lost.
    expect((error as Error).message).toBe(
      'The connection to Pando was lost, please try again or refresh the browser',
    );
    expect(notify).toHaveBeenCalledWith({
      kind: 'error',
      message: 'The connection to Pando was lost, please try again or refresh the browser',
    });
  });
});
