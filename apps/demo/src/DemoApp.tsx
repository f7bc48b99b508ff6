import { useState } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import {
  LocalEchoNetwork,
  ScreenHarness,
  startDemoSession,
  type DemoBackend,
} from '@pando/features/testing';

/** The demo signs in as alice, whose teams, forum and advice conversation the seed fills. */
export const DEMO_EMAIL = 'alice@example.org';

/**
 * The product with no server: the same routes and screens as apps/web, on the MSW mock backend
 * and a ChatStore over a local echo transport (messages stay in this tab; nobody answers).
 */
export function DemoApp({ backend }: { backend: DemoBackend }) {
  const [session] = useState(() => {
    const network = new LocalEchoNetwork();
    return { network, ...startDemoSession(backend, network, DEMO_EMAIL) };
  });
  return (
    <ScreenHarness
      path={window.location.pathname === '/' ? '/' : window.location.pathname}
      store={session.store}
      chatDomain={session.network.domain}
      productName="Pando demo"
      createRouter={(routes) => createBrowserRouter(routes)}
    />
  );
}
