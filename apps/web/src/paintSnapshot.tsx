import { renderToStaticMarkup } from 'react-dom/server';
import {
  bootCopyOf,
  CHAT,
  PAINT,
  QUERIES,
  type BootPaint,
  type OfflineCopy,
} from '@pando/data-access';
import type { RuntimeConfig } from '@pando/domain';
import { firstPaintView, paintContext, paintKey } from '@pando/features';
import { BootShell, PandoMantineProvider } from '@pando/ui';
import { pageBuild } from './boot/staticPaint';

/**
 * The chat list as a returning visit will paint it before React (issue 37, `boot/staticPaint`):
 * `BootShell` rendered to markup from what the copy holds now, by the same `firstPaintView` the
 * first paint uses, with the phone's menu closed and open, and kept in the copy (sealed like the
 * rest) with the times of the two records it was rendered from and its `paintContext`, by which
 * the next visit knows it is current without opening them. Rendered again only when the view
 * changed (`paintKey`); otherwise the kept markup is kept again with the records' new times.
 */
export function renderPaint(copy: OfflineCopy, config: RuntimeConfig): void {
  const queries = copy.read(QUERIES);
  if (!queries) return;
  const chat = copy.read(CHAT);
  const boot = bootCopyOf(queries.value, chat?.value, queries.savedAt);
  if (!boot) return;
  const from = { queries: queries.savedAt, chat: chat?.savedAt ?? null };
  // Online and before the next page's start: "Updating…", as the next visit shows it with a
  // network (offline, the context differs and React paints the list with the offline line).
  const place = {
    productName: config.product_name,
    chatDomain: config.chat_domain,
    build: pageBuild(),
    online: true,
    pageStartedAt: Number.POSITIVE_INFINITY,
  };
  const view = firstPaintView(boot, place.chatDomain, place.online, place.pageStartedAt);
  const key = paintKey(view, place.productName, place.build);
  const context = paintContext(place, from.queries);
  const kept = copy.read<Partial<BootPaint>>(PAINT)?.value;
  if (kept?.key === key && typeof kept.html === 'string' && typeof kept.menuHtml === 'string') {
    const current =
      kept.context === context &&
      kept.from?.queries === from.queries &&
      kept.from.chat === from.chat;
    if (!current)
      copy.write(PAINT, { html: kept.html, menuHtml: kept.menuHtml, key, context, from });
    return;
  }
  const render = (menuOpened: boolean) =>
    renderToStaticMarkup(
      <PandoMantineProvider>
        <BootShell
          productName={config.product_name}
          firstName={view.firstName}
          viewer={view.viewer}
          sections={view.sections}
          freshness={view.freshness}
          defaultMenuOpened={menuOpened}
          onNavigate={() => undefined}
        />
      </PandoMantineProvider>,
    );
  const paint: BootPaint = { html: render(false), menuHtml: render(true), key, context, from };
  copy.write(PAINT, paint);
}
