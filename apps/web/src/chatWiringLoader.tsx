import type { ReactNode } from 'react';
import type { RuntimeConfig } from '@pando/domain';
import { preloadable } from '@pando/features';
import { LoadingScreen } from '@pando/ui';

/**
 * The chat client (XMPP, chat store, live conversation: the biggest chunk behind the login) is
 * code-split off the login route. main.tsx starts downloading it at boot on every page but the
 * login pages, so it downloads and evaluates while the configuration and the session load; when
 * the shell mounts it is usually there and the shell renders in the same pass (see `preloadable`).
 * The chat runtime must be in place before the screens mount (they read it on their first
 * render), so when the chunk is not in yet a spinner shows until it is, rather than mounting the
 * shell without it and remounting it when it arrives.
 */
const chatWiring = preloadable(() => import('./ChatWiring').then((m) => m.ChatWiring), {
  fallback: <LoadingScreen label="Loading your conversations…" />,
});

export const preloadChatWiring = chatWiring.preload;

/** The live chat around the signed-in shell. */
export function LiveChat({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <chatWiring.Component config={config}>{children}</chatWiring.Component>;
}
