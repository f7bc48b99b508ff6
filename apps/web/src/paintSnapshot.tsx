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
import { firstPaintView, paintKey } from '@pando/features';
import { BootShell, PandoMantineProvider } from '@pando/ui';
import { pageBuild } from './boot/staticPaint';

/**
 * The chat list as a returning visit will paint it before React (issue 37, `boot/staticPaint`):
 * `BootShell` rendered to markup from what the copy holds now, by the same `firstPaintView` the
 * first paint uses, with the phone's menu closed and open, and kept in the copy (sealed like the
 * rest) with its `paintKey`. Rendered only when the view changed since the last one.
 */
export function renderPaint(copy: OfflineCopy, config: RuntimeConfig): void {
  const queries = copy.read(QUERIES);
  if (!queries) return;
  const boot = bootCopyOf(queries.value, copy.read(CHAT)?.value, queries.savedAt);
  if (!boot) return;
  // Online and before the next page's start: "Updating…", as the next visit shows it with a
  // network (offline, the key differs and React paints the list with the offline line instead).
  const view = firstPaintView(boot, config.chat_domain, true, Number.POSITIVE_INFINITY);
  const key = paintKey(view, config.product_name, pageBuild());
  if (copy.read<{ key?: unknown }>(PAINT)?.value.key === key) return;
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
  const paint: BootPaint = { html: render(false), menuHtml: render(true), key };
  copy.write(PAINT, paint);
}
