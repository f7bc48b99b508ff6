import { DEMO_ACCOUNTS } from '@pando/domain/demo';
import type { DemoFlags } from './demoFlags';

/**
 * Who the demo signs in as (issue 35: the Networks pages need a product admin). The default
 * follows the admin flag (Nina Network, the network admin; alice, a clinician, with the flag
 * off); `?as=product-admin`, `?as=network-admin` or `?as=clinician` picks another, and the banner
 * offers the same choice. The choice is kept for the tab (sessionStorage), so a reload or a deep
 * link keeps the viewer; a reload restarts the demo's data either way.
 */
export const DEMO_VIEWERS = [
  {
    key: 'network-admin',
    label: 'Network admin',
    email: DEMO_ACCOUNTS.networkAdmin,
  },
  { key: 'product-admin', label: 'Product admin', email: DEMO_ACCOUNTS.pandoAdmin },
  { key: 'clinician', label: 'Clinician', email: DEMO_ACCOUNTS.alice },
] as const;
export type DemoViewer = (typeof DEMO_VIEWERS)[number]['key'];

const STORAGE_KEY = 'pando-demo-viewer';

const isViewer = (value: string | null | undefined): value is DemoViewer =>
  DEMO_VIEWERS.some((v) => v.key === value);

/** The viewer for this page: `?as=`, else the tab's earlier choice, else the flags' default. */
export function chooseDemoViewer(
  flags: Pick<DemoFlags, 'adminEnabled'>,
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
): DemoViewer {
  const asked = new URLSearchParams(search).get('as');
  if (isViewer(asked)) {
    storage?.setItem(STORAGE_KEY, asked);
    return asked;
  }
  const kept = storage?.getItem(STORAGE_KEY);
  if (isViewer(kept)) return kept;
  return flags.adminEnabled ? 'network-admin' : 'clinician';
}

/** The email the demo signs in with. */
export function demoViewerEmail(viewer: DemoViewer): string {
  return DEMO_VIEWERS.find((v) => v.key === viewer)?.email ?? DEMO_ACCOUNTS.networkAdmin;
}

/** Where the product admin's extra page is: the switcher opens it for them. */
export function demoViewerHome(viewer: DemoViewer): string {
  if (viewer === 'product-admin') return '/manage/networks';
  if (viewer === 'network-admin') return '/manage';
  return '/';
}
