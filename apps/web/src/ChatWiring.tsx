import type { ReactNode } from 'react';
import type { RuntimeConfig } from '@pando/domain';

/**
 * The live chat for the signed-in shell: the ChatStore over XmppTransport, exposed to the screens
 * through `ChatRuntimeProvider`. TODO(chat client): the store lands in
 * `@pando/data-access` (libs/data-access/src/chat); until then the shell runs without live chat
 * and the panes say so.
 */
export function ChatWiring({ children }: { config: RuntimeConfig; children: ReactNode }) {
  return <>{children}</>;
}
