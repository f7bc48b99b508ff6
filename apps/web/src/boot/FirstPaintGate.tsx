import { useState, type ReactNode } from 'react';
import type { FirstPaintView } from '@pando/features';
import { BootShell } from '@pando/ui';
import { useFirstPaintShown } from './firstPaintShown';
import { openAt } from './staticPaint';

/**
 * The chat list from the offline copy (`BootShell`), shown at once on a returning visit, with the
 * app rendering hidden beside it (issue 37). The app takes over when its shell is on screen
 * (`SHELL_SHOWN`), when it went to the login page (the session is over), or after 10 s
 * (`useFirstPaintShown`): one commit swaps the two, so nothing flashes in between.
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
  const shown = useFirstPaintShown(view !== undefined);
  const [route, setRoute] = useState(window.location.pathname);

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
