import type { BootCopy } from '@pando/data-access';
import { buildSidebar, copyFreshness, type Viewer } from '@pando/domain';
import type { ChatSidebarSections } from '@pando/ui';
import { menuViewer } from '../common/menuViewer';
import { sidebarItems } from '../chat/sidebarItems';

export { SHELL_SHOWN } from '../common/shellShown';

/** What the chat list's first paint shows (apps/web `boot/`, `BootShell` of @pando/ui). */
export interface FirstPaintView {
  viewer: Viewer;
  firstName: string;
  sections: ChatSidebarSections;
  freshness: string | null;
  /** The row's address for a route, to highlight the row chosen before the app is there. */
  addressOf: (route: string) => string | undefined;
}

/**
 * The chat list of a returning visit from the offline copy (issue 37), built by the rules the
 * app's chat layout uses (`sidebarItems`, the domain's `buildSidebar` and `copyFreshness`), so
 * the first paint and the app show the same rows, in the same order, with the same unread
 * counts (the chat's, as the copy kept them).
 */
export function firstPaintView(
  copy: BootCopy,
  chatDomain: string,
  online: boolean,
  pageStartedAt: number,
): FirstPaintView {
  const items = sidebarItems(copy.lists, copy.directs, copy.user.id, chatDomain);
  const routes = new Map(items.map((item) => [item.route, item.address]));
  return {
    viewer: menuViewer(copy.user),
    firstName: copy.user.first_name,
    sections: buildSidebar(items, copy.unread),
    freshness: copyFreshness({ online, fetching: true, updatedAt: copy.savedAt, pageStartedAt }),
    addressOf: (route) => routes.get(route),
  };
}

/**
 * What a rendered first paint shows, as one string: a returning visit paints the chat list kept
 * as markup (apps/web `boot/`) only when its key is the key of the view the copy gives now, so
 * the markup never shows other rows, counts or freshness than React would render. `build` names
 * the code that rendered it (the web app's entry script): markup of another version, whose
 * class names and styles may differ, is not shown.
 */
export function paintKey(view: FirstPaintView, productName: string, build: string): string {
  return JSON.stringify([
    build,
    productName,
    view.firstName,
    view.viewer,
    view.sections,
    view.freshness,
  ]);
}

/** The kept rendering of the list when it shows exactly `view`; otherwise React paints it. */
export function matchingPaint<P extends { key: string }>(
  paint: P | undefined,
  view: FirstPaintView | undefined,
  productName: string,
  build: string,
): P | undefined {
  return view && paint?.key === paintKey(view, productName, build) ? paint : undefined;
}
