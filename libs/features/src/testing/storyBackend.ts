import type { ChatDirectory } from './demoSession';

/**
 * The backend the Screens stories run on: the real server in the story's page (issue 38). The
 * workspace's Storybook config starts it (`@pando/server/page`, which libs may not import) and
 * hands it over with `provideStoryBackend`; the stories see only this.
 */
export interface StoryBackend {
  /** Back to the demo seed (plus what `keep` kept), between stories. */
  reset(): Promise<void>;
  /** Makes the state now the one `reset` returns to (the sessions signed in once). */
  keep(): Promise<void>;
  /** Writes what the server still holds in memory (the audit trail's queued events). */
  flush(): Promise<void>;
  /** The dev login of `email`: the session's Cookie pair. */
  login(email: string): Promise<string>;
  /** The people and chat rooms, for the chat fake. */
  chatDirectory(): Promise<ChatDirectory>;
  /** SQL on the server's database: what a story reads from the seed or changes in it. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** One request as a client sends it (`cookie`: its Cookie header), answered in plain parts. */
  answer(request: Request, cookie?: string): Promise<{ status: number; body: Uint8Array | null }>;
}

let start: (() => Promise<StoryBackend>) | null = null;
let started: Promise<StoryBackend> | null = null;

/** Registers how to start the stories' backend (once per page; started on first use). */
export function provideStoryBackend(startBackend: () => Promise<StoryBackend>): void {
  start = startBackend;
  started = null;
}

/** The page's backend, started on the first call. */
export function storyBackend(): Promise<StoryBackend> {
  if (!start) {
    return Promise.reject(
      new Error('no story backend: .storybook/preview.tsx calls provideStoryBackend'),
    );
  }
  started ??= start();
  return started;
}
