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
    freshness: firstPaintFreshness(copy.savedAt, online, pageStartedAt),
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

/** The first paint's freshness line for a copy saved at `savedAt` (the app's rule, `copyFreshness`). */
const firstPaintFreshness = (savedAt: number, online: boolean, pageStartedAt: number) =>
  copyFreshness({ online, fetching: true, updatedAt: savedAt, pageStartedAt });

/** Where a first paint is shown: the page, its build, and whether the network is there. */
export interface PaintPlace {
  productName: string;
  chatDomain: string;
  /** The web app's entry script (`paintKey`). */
  build: string;
  online: boolean;
  /** When the page started: a copy saved before it is "Updating…" (`copyFreshness`). */
  pageStartedAt: number;
}

/**
 * What decides how the kept rendering of the list looks beside the two records it was rendered
 * from (whose times `openBootCopy` checks): the build, the product's name, the chat domain (the
 * rows' addresses) and the freshness line a copy saved at `savedAt` gets in `place`. Kept with
 * the rendering, and compared with the page's own before it is shown, without opening the lists.
 */
export function paintContext(place: PaintPlace, savedAt: number): string {
  return JSON.stringify([
    place.build,
    place.productName,
    place.chatDomain,
    firstPaintFreshness(savedAt, place.online, place.pageStartedAt),
  ]);
}

/**
 * The kept rendering of the list when this page would render the same (React's first paint or
 * the app): rendered from the records the copy holds now (`openBootCopy` gives no other) and in
 * the same context; otherwise undefined, and React paints the list.
 */
export function keptPaintFor<P extends { context: string; from: { queries: number } }>(
  paint: P | undefined,
  place: PaintPlace,
): P | undefined {
  return paint && paint.context === paintContext(place, paint.from.queries) ? paint : undefined;
}
