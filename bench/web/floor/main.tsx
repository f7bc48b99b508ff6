/**
 * The chat-list bench's floor page (issue 37, bench/README.md "Floor and repeat visits"): what an
 * interactive list of 200 conversations costs at the least with our toolchain. React, Mantine
 * under our theme (PandoMantineProvider) and the app's own sidebar (ChatSidebar from @pando/ui,
 * the component our chat list renders its rows with), fed with inline data: no request, no
 * session, no router, no chat client. It answers web/chatListTime.mjs's probe as the app does: a
 * `nav` named "Conversations" lists every "Bench team" row, and a click on a row changes the
 * address (history.pushState, as the app's router does) and highlights it.
 */
import { ChatSidebar, PandoMantineProvider, type ChatSidebarSections } from '@pando/ui';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** How many rows (vite.config.ts: BENCH_CONVERSATIONS, default 200). */
declare const __FLOOR_ROWS__: number;

// Shaped as the app's rows for the bench's teams: private teams, nothing unread, /teams/<id>.
const sections: ChatSidebarSections = {
  unread: [],
  teams: Array.from({ length: __FLOOR_ROWS__ }, (_, i) => ({
    address: `bench-team-${i + 1}@conference.localhost`,
    name: `Bench team ${i}`,
    kind: 'team',
    route: `/teams/${i + 1}`,
    unread: 0,
    teamIcon: 'private',
  })),
  direct: [],
  advice: [],
  forums: [],
};

function Floor() {
  const [route, setRoute] = useState(window.location.pathname);
  return (
    <ChatSidebar
      sections={sections}
      activeAddress={sections.teams.find((row) => row.route === route)?.address}
      onNavigate={(next) => {
        window.history.pushState(null, '', next);
        setRoute(next);
      }}
    />
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <PandoMantineProvider>
      <Floor />
    </PandoMantineProvider>
  </StrictMode>,
);
