import { useState } from 'react';
import { createPandoApp, consoleLogger } from '@pando/features';
import { fakeChat, signInDemo, type ChatDirectory } from '@pando/features/testing';
import { DemoFrame } from './DemoFrame';
import { demoLogger, demoManageSettings, type DemoFlags } from './demoFlags';
import type { DemoViewer } from './demoViewer';

/**
 * The product on the server in the page: `createPandoApp`, as in apps/web, its API answered by
 * `@pando/server/page` through MSW's worker (startDemoWorker.ts), and a chat on
 * `FakeChatNetwork` (an in-memory chat server with the server's people and rooms; messages stay
 * in this tab and nobody answers). `session` is the viewer's session cookie (main.tsx logs in
 * with the server's dev login): with the admin flag on (the default) the demo network admin, Nina
 * Network, who has the whole admin console and her chats; otherwise alice, a clinician. `viewer`
 * (demoViewer.ts: `?as=` or the banner's choice) can also be the product admin, Pat Admin, who
 * has the Networks pages.
 */
export function DemoApp({
  session,
  chatDirectory,
  flags,
  viewer,
}: {
  /** The viewer's session, a Cookie pair (`PageServer.login`). */
  session: string;
  /** The server's people and rooms, for the chat fake (`PageServer.chatDirectory`). */
  chatDirectory: () => Promise<ChatDirectory>;
  flags: DemoFlags;
  viewer: DemoViewer;
}) {
  const [app] = useState(() => {
    signInDemo(session);
    const logger = demoLogger(flags, consoleLogger);
    logger.info('[demo] flags', { ...flags });
    if (flags.pushMessaging)
      logger.info('[demo] push messaging is on, but the demo has no push service to register with');
    const chat = fakeChat(chatDirectory);
    return createPandoApp({
      productName: 'Pando demo',
      chatDomain: 'pando.test',
      logger,
      api: { baseUrl: '/api/v4', clientVersion: 'demo', clientBuild: 'demo' },
      manage: demoManageSettings(flags),
      loadChat: () => Promise.resolve(chat),
    });
  });
  return (
    <DemoFrame viewer={viewer}>
      <app.Root />
    </DemoFrame>
  );
}
