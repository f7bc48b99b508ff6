import { useState } from 'react';
import type { HttpLogger } from '@pando/data-access';
import { FakeChatNetwork } from '@pando/data-access/testing/browser';
import { createPandoApp } from '../app/createPandoApp';
import type { ManageSettings } from '../common/manageSettings';
import { fakeChat, signInDemo, signOutDemo } from './demoSession';
import { storyBackend, type StoryBackend } from './storyBackend';

export interface ScreenStoryOptions {
  /** Who is signed in; null = nobody (the login screens). @default 'alice@example.org' */
  email?: string | null;
  /** Shapes the seed before the screen opens (e.g. an advice conversation's state). */
  prepare?: (backend: StoryBackend) => Promise<void>;
  /** The admin console's settings (report scope, sidebar links, report switch), from the seed. */
  manage?: (backend: StoryBackend) => Promise<Partial<ManageSettings>> | Partial<ManageSettings>;
  /**
   * The live chat; false = none, as a page that hears nothing of others' changes (a stale page:
   * with the chat, its session start refetches what changed meanwhile). @default true
   */
  chat?: boolean;
}

const quietLogger: HttpLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  event: () => undefined,
};

/**
 * Each person's session, made once per page and kept in the server's reset baseline: a story
 * then costs a reset (~6 ms), not a login (3 requests and a login code).
 */
const sessions = new WeakMap<StoryBackend, Map<string, string>>();

/**
 * `email`'s session in `table`, logged in on first use; `afterLogin` runs after a new login
 * (`keep` for the kept sessions).
 */
async function sessionIn(
  table: WeakMap<StoryBackend, Map<string, string>>,
  backend: StoryBackend,
  email: string,
  afterLogin?: () => Promise<void>,
): Promise<string> {
  let known = table.get(backend);
  if (!known) table.set(backend, (known = new Map<string, string>()));
  let cookie = known.get(email);
  if (cookie === undefined) {
    cookie = await backend.login(email);
    await afterLogin?.();
    known.set(email, cookie);
  }
  return cookie;
}

/** `email`'s kept session; call it right after a reset (a new one becomes part of the seed). */
const sessionOf = (backend: StoryBackend, email: string) =>
  sessionIn(sessions, backend, email, () => backend.keep());

/**
 * Sessions made for one story only (by `askAs` for someone not signed in before): gone with the
 * next reset, so forgotten there.
 */
const storySessions = new WeakMap<StoryBackend, Map<string, string>>();

/**
 * One API request as `email` would send it from the page (another window, another person):
 * for what a story's `prepare` or play function changes through the server's own rules. A person
 * not signed in before logs in for this story only (`keep` here would keep the story's changes).
 */
export async function askAs(
  backend: StoryBackend,
  email: string,
  method: string,
  path: string,
  json?: unknown,
): Promise<unknown> {
  const origin = window.location.origin;
  const res = await backend.answer(
    new Request(new URL(path, origin), {
      method,
      // As the product's client: JSON's Content-Type on every call (the server's CSRF check).
      headers: { origin, 'content-type': 'application/json' },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    }),
    sessions.get(backend)?.get(email) ?? (await storySessionOf(backend, email)),
  );
  const text = res.body ? new TextDecoder().decode(res.body) : '';
  if (res.status >= 400) throw new Error(`${method} ${path} as ${email}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

const storySessionOf = (backend: StoryBackend, email: string) =>
  sessionIn(storySessions, backend, email);

/** The first row of a story's query of the seed, or an error naming what the seed lacks. */
export async function seedRow<Row>(
  backend: StoryBackend,
  what: string,
  sql: string,
  params: unknown[] = [],
): Promise<Row> {
  const [row] = await backend.query<Row>(sql, params);
  if (!row) throw new Error(`the demo seed has no ${what}`);
  return row;
}

/** What the loader hands the story's render. */
interface ScreenLoaded {
  backend: StoryBackend;
  path: string;
  email: string | null;
  manage: Partial<ManageSettings> | undefined;
}

function ScreenStory({ loaded, chat: withChat }: { loaded: ScreenLoaded; chat: boolean }) {
  const { backend, path, email, manage } = loaded;
  const [app] = useState(() => {
    const network = new FakeChatNetwork();
    const chat = fakeChat(() => backend.chatDirectory(), network);
    return createPandoApp({
      productName: 'Pando',
      chatDomain: network.domain,
      logger: quietLogger,
      api: { baseUrl: '/api/v4', clientVersion: 'storybook', clientBuild: 'storybook' },
      initialPath: path,
      ...(manage ? { manage } : {}),
      ...(email === null || !withChat ? {} : { loadChat: () => Promise.resolve(chat) }),
    });
  });
  return <app.Root />;
}

/**
 * A Screens story: the product as `createPandoApp` builds it for the web app, opened at `path`,
 * on the real server in the page (`storyBackend()`, reached through the preview's MSW worker),
 * reset to the demo seed before the story, and the chat on `FakeChatNetwork`. `path` may be
 * read from the seed (its ids are the server's).
 */
export function screenStory(
  path: string | ((backend: StoryBackend) => Promise<string>),
  options: ScreenStoryOptions = {},
) {
  const email = options.email === undefined ? 'alice@example.org' : options.email;
  return {
    loaders: [
      async (): Promise<{ screen: ScreenLoaded }> => {
        const backend = await storyBackend();
        await backend.reset();
        storySessions.delete(backend);
        const cookie = email === null ? null : await sessionOf(backend, email);
        await options.prepare?.(backend);
        // What `prepare` did through the API is on record before the screen reads it.
        await backend.flush();
        const screen: ScreenLoaded = {
          backend,
          path: typeof path === 'string' ? path : await path(backend),
          email,
          manage: await options.manage?.(backend),
        };
        if (cookie === null) signOutDemo();
        else signInDemo(cookie);
        return { screen };
      },
    ],
    render: (_args: unknown, { loaded }: { loaded: Record<string, unknown> }) => (
      // The loader above returned it (Storybook types `loaded` as a plain record).
      <ScreenStory loaded={loaded['screen'] as ScreenLoaded} chat={options.chat ?? true} />
    ),
  };
}
