import { useEffect, useState, type ReactNode } from 'react';
import { isLoginPath, SHELL_SHOWN, type FirstPaintView } from '@pando/features';
import { BootShell } from '@pando/ui';
import { openAt } from './staticPaint';

/** However the app fares, the first paint never stays longer than this. */
const FIRST_PAINT_MAX_MS = 10_000;

/**
 * The chat list from the offline copy (`BootShell`), shown at once on a returning visit, with the
 * app rendering hidden beside it (issue 37). The app takes over when its shell is on screen
 * (`SHELL_SHOWN`), when it went to the login page (the session is over), or after
 * `FIRST_PAINT_MAX_MS`: one commit swaps the two, so nothing flashes in between.
 *
 * A row or menu entry chosen meanwhile changes the address as the app's router does and tells it
 * (a `popstate`): the app, hidden or not yet loaded, opens there.
 */
export function FirstPaintGate({
  view,
  productName,
  onChoose,
  children,
}: {
  view: FirstPaintView | undefined;
  productName: string;
  /** A row or menu entry was chosen: the app should come now. */
  onChoose: () => void;
  /** The app, once it has loaded; until then the first paint alone. */
  children?: ReactNode;
}) {
  const [shown, setShown] = useState(view !== undefined);
  const [route, setRoute] = useState(window.location.pathname);
  useEffect(() => {
    if (!shown) return;
    const hide = () => {
      setShown(false);
    };
    window.addEventListener(SHELL_SHOWN, hide);
    const watch = window.setInterval(() => {
      if (isLoginPath(window.location.pathname)) hide();
    }, 200);
    const limit = window.setTimeout(hide, FIRST_PAINT_MAX_MS);
    return () => {
      window.removeEventListener(SHELL_SHOWN, hide);
      window.clearInterval(watch);
      window.clearTimeout(limit);
    };
  }, [shown]);

  if (!view) return children;
  const activeAddress = view.addressOf(route);
  return (
    <>
      {/* Hidden, not unmounted: the app loads and renders behind the first paint. */}
      <div hidden={shown}>{children}</div>
      {shown ? (
        <BootShell
          productName={productName}
          firstName={view.firstName}
          viewer={view.viewer}
          sections={view.sections}
          {...(activeAddress ? { activeAddress } : {})}
          freshness={view.freshness}
          onNavigate={(href) => {
            openAt(href);
            setRoute(href);
            onChoose();
          }}
        />
      ) : null}
    </>
  );
}
