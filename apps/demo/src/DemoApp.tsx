import { useState } from 'react';
import { createPandoApp, consoleLogger } from '@pando/features';
import { fakeChat, signInDemo, type DemoBackend } from '@pando/features/testing';
import { DemoFrame } from './DemoFrame';
import { demoLogger, demoManageSettings, type DemoFlags } from './demoFlags';
import { demoViewerEmail, type DemoViewer } from './demoViewer';

/**
 * The product with no server: `createPandoApp`, as in apps/web, on the MSW mock backend and a
 * chat on `FakeChatNetwork` (an in-memory chat server with the mock backend's people and rooms;
 * messages stay in this tab and nobody answers). With the admin flag on (the default) the demo
 * signs in as the demo network admin, Nina Network, who has the whole admin console and her
 * chats; otherwise as alice, a clinician. `viewer` (demoViewer.ts: `?as=` or the banner's choice)
 * can also be the product admin, Pat Admin, who has the Networks pages.
 */
export function DemoApp({
  backend,
  flags,
  viewer,
}: {
  backend: DemoBackend;
  flags: DemoFlags;
  viewer: DemoViewer;
}) {
  const [app] = useState(() => {
    signInDemo(backend, demoViewerEmail(viewer));
    const logger = demoLogger(flags, consoleLogger);
    logger.info('[demo] flags', { ...flags });
    if (flags.pushMessaging)
      logger.info('[demo] push messaging is on, but the demo has no push service to register with');
    const chat = fakeChat(backend);
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
