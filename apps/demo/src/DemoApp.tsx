import { useState } from 'react';
import { createPandoApp } from '@pando/features';
import { fakeChat, signInDemo, type DemoBackend } from '@pando/features/testing';
import { consoleLogger } from '@pando/features';

/** The demo signs in as alice, whose teams, forum and advice conversation the seed fills. */
const DEMO_EMAIL = 'alice@example.org';

/**
 * The product with no server: `createPandoApp`, as in apps/web, on the MSW mock backend and a
 * chat on `FakeChatNetwork` (an in-memory chat server with the mock backend's people and rooms;
 * messages stay in this tab and nobody answers).
 */
export function DemoApp({ backend }: { backend: DemoBackend }) {
  const [app] = useState(() => {
    signInDemo(backend, DEMO_EMAIL);
    const chat = fakeChat(backend);
    return createPandoApp({
      productName: 'Pando demo',
      chatDomain: 'pando.test',
      logger: consoleLogger,
      api: { baseUrl: '/api/v4', clientVersion: 'demo', clientBuild: 'demo' },
      loadChat: () => Promise.resolve(chat),
    });
  });
  return <app.Root />;
}
