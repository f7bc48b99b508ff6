import { createHttpClient, HttpClientProvider } from '@pando/data-access';
import { FormTemplateSchema, textsWith } from '@pando/domain';
import { DEMO_ACCOUNTS } from '@pando/domain/demo';
import {
  embeddedApi,
  type EmbeddedTestServer,
  startEmbeddedTestServer,
} from '@pando/server/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { File as NodeFile } from 'node:buffer';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useFormFiller } from './useFormFiller';

/*
 * The filler's file and image controls against the real server, embedded (uploads typed by their
 * bytes; spec 02 §5; issue 35: a 26 MB file went up whole and came back as
 * "[INTERNAL SERVER ERROR]"; a refused type did not name the file).
 */

// The page builds its upload with jsdom's File and FormData (`BrowserFile`); Node's fetch sends
// the multipart body of Node's File only.
const BrowserFile = globalThis.File;
Object.assign(globalThis, { File: NodeFile });

const ORIGIN = 'http://pando.test';
const server = setupServer();
let embedded: EmbeddedTestServer;
const uploads: string[] = [];
beforeAll(async () => {
  embedded = await startEmbeddedTestServer(ORIGIN);
  server.listen({ onUnhandledFrame: 'error' });
  server.use(embeddedApi(embedded, embedded.origin));
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && request.url.endsWith('/structured/files'))
      uploads.push(request.url);
  });
}, 120_000);
afterAll(async () => {
  server.close();
  await embedded.close();
});

async function signedIn(email: string) {
  const { cookie } = await embedded.login(email);
  const http = createHttpClient({
    baseUrl: `${ORIGIN}/api/v4`,
    clientVersion: '1',
    clientBuild: 't',
    notify: vi.fn(),
    navigateToLogin: vi.fn(),
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn(), event: vi.fn() },
    fetch: (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('Cookie', cookie);
      return globalThis.fetch(input, { ...init, headers });
    },
  });
  return ({ children }: { children: ReactNode }) => (
    <HttpClientProvider http={http}>{children}</HttpClientProvider>
  );
}

const template = FormTemplateSchema.parse({
  id: 7,
  title: 'Wound check',
  version: '1.0',
  controls: [
    { id: 'letter', type: 'file', label: 'Referral letter' },
    { id: 'wound', type: 'image', label: 'Wound photo' },
  ],
  export_options: [],
});

async function renderFiller() {
  const wrapper = await signedIn(DEMO_ACCOUNTS.alice);
  return renderHook(() => useFormFiller({ template, ownEmail: DEMO_ACCOUNTS.alice }), {
    wrapper,
  });
}

/** A file of `size` bytes, without allocating them (jsdom reads `size` from the blob parts). */
function sizedFile(name: string, type: string, size: number): File {
  const file = new BrowserFile(['%PDF-1.4'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('form file controls (spec 02 §5)', () => {
  it('a file over 25 MB is refused in the browser, naming the file, and nothing is uploaded', async () => {
    const { result } = await renderFiller();
    const before = uploads.length;
    await act(async () => {
      result.current.filler.onUploadFile?.(
        'letter',
        sizedFile('scan-26mb.pdf', 'application/pdf', 26 * 1024 * 1024),
      );
      await Promise.resolve();
    });
    expect(result.current.filler.notice).toEqual({
      kind: 'error',
      text: 'The file, scan-26mb.pdf is too large to send, the limit is 25 Mb for a single file.',
    });
    expect(uploads.length).toBe(before);
  });

  it('a type the control does not take is refused in the browser, naming the file and type', async () => {
    const { result } = await renderFiller();
    const before = uploads.length;
    await act(async () => {
      result.current.filler.onUploadFile?.(
        'letter',
        new BrowserFile(['hello'], 'notes.txt', { type: 'text/plain' }),
      );
      result.current.filler.onUploadFile?.('wound', sizedFile('letter.pdf', 'application/pdf', 9));
      await Promise.resolve();
    });
    expect(result.current.filler.notice?.text).toMatch(/^The file, letter\.pdf cannot be sent/);
    expect(uploads.length).toBe(before);
    await act(async () => {
      result.current.filler.onUploadFile?.(
        'letter',
        new BrowserFile(['hello'], 'notes.txt', { type: 'text/plain' }),
      );
      await Promise.resolve();
    });
    expect(result.current.filler.notice?.text).toMatch(
      /^The file, notes\.txt cannot be sent: \.txt files are not allowed/,
    );
    expect(uploads.length).toBe(before);
  });

  it("a file the server refuses by its content (415) names the file and the server's reason", async () => {
    const { result } = await renderFiller();
    await act(async () => {
      result.current.filler.onUploadFile?.(
        'letter',
        new BrowserFile(['just some text'], 'not-really.pdf', { type: 'application/pdf' }),
      );
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(result.current.filler.notice?.text).toBe(
        `The file, not-really.pdf was not accepted. ${textsWith.uploadTypeNotAccepted('')}`,
      );
    });
    expect(result.current.filler.notice?.text).not.toContain('[INTERNAL SERVER ERROR]');
  });

  it('an accepted file is uploaded and its control holds the guid', async () => {
    const { result } = await renderFiller();
    await act(async () => {
      result.current.filler.onUploadFile?.(
        'letter',
        new BrowserFile(['%PDF-1.4 a letter'], 'letter.pdf', { type: 'application/pdf' }),
      );
      await Promise.resolve();
    });
    // The server's guids are uuids (the file URLs take uuids only).
    await waitFor(() => {
      expect(
        result.current.filler.template?.controls.find((c) => c.id === 'letter')?.value,
      ).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    });
    expect(result.current.filler.notice).toBeNull();
  });
});
