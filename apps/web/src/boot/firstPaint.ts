import { offerFirstAnswers, openBootCopy, type BootCopy } from '@pando/data-access';
import {
  firstPaintEndpoints,
  firstPaintUserPath,
  type OfflineKeyResponse,
  type RuntimeConfig,
} from '@pando/domain';
import { firstPaintView, matchingPaint, type FirstPaintView } from '@pando/features';
import { createElement, type ComponentProps } from 'react';
import { apiBaseUrl } from '../config';
import type { FirstPaintGate } from './FirstPaintGate';
import { StaticPaintGate } from './StaticPaintGate';
import { openAt, pageBuild, showStaticPaint } from './staticPaint';

/** How long the first paint may hold the app back (the key's request, the copy's read). */
const FIRST_PAINT_WAIT_MS = 1000;
/** How long the app waits for React's half of the first paint once the list's data are in. */
const GATE_WAIT_MS = 10_000;

const after = (ms: number) =>
  new Promise<undefined>((resolve) => {
    setTimeout(() => {
      resolve(undefined);
    }, ms);
  });

/** A GET with the session cookie, without the app's HTTP client (or zod); undefined if refused. */
async function getJson(config: RuntimeConfig, path: string): Promise<unknown> {
  try {
    const response = await fetch(`${apiBaseUrl(config, window.location.origin)}${path}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    return response.ok ? await response.json() : undefined;
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** `GET /login/offline-key`: the key of this session's copy. */
async function fetchKey(config: RuntimeConfig): Promise<OfflineKeyResponse | undefined> {
  const body = await getJson(config, firstPaintEndpoints.offlineKey.path);
  return isObject(body) && typeof body.key === 'string' && typeof body.expires_at === 'string'
    ? {
        key: body.key,
        expires_at: body.expires_at,
        offline_patient_data: !!body.offline_patient_data,
      }
    : undefined;
}

/**
 * A first visit (no copy yet): the two answers the list needs, asked for at once. What is read
 * here is only checked to be the shape the list reads; the app's cache takes both answers over
 * when it loads (`offerFirstAnswers`: checked with its schemas), so its shell need not wait for
 * them again.
 */
async function fromNetwork(config: RuntimeConfig): Promise<BootCopy | undefined> {
  const askedAt = Date.now();
  const [user, lists] = await Promise.all([
    getJson(config, firstPaintUserPath),
    getJson(config, firstPaintEndpoints.sidebarLists.path),
  ]);
  offerFirstAnswers({ currentUser: user, sidebarLists: lists, askedAt });
  const listed = (key: string) => isObject(lists) && Array.isArray(lists[key]);
  if (!isObject(user) || typeof user.id !== 'number' || typeof user.access_level !== 'string')
    return undefined;
  if (!listed('teams') || !listed('forums') || !listed('advice_conversations')) return undefined;
  return {
    lists: lists as BootCopy['lists'],
    user: user as BootCopy['user'],
    savedAt: Date.now(),
    // The chat's inbox brings them, with the app, as on every first visit.
    directs: [],
    unread: {},
  };
}

type GateProps = ComponentProps<typeof FirstPaintGate>;

/**
 * `FirstPaintGate` (React, Mantine's AppShell, the sidebar: most of the first paint's code) comes
 * in a chunk of its own, asked for here only when React paints the list (no kept rendering, or
 * one that does not match): a visit painted from the kept rendering does not wait for it (it
 * comes later with the app, which shares its code), and the app waits behind the static list in
 * `StaticPaintGate` instead. `FirstPaint.view` resolves only once the gate it needs is here:
 * until then nothing renders a gate.
 */
let LoadedGate: typeof FirstPaintGate | undefined;
let staticShown = false;
function Gate(props: GateProps) {
  if (LoadedGate)
    return createElement(LoadedGate, { ...props, onChoose: afterNextPaint(props.onChoose) });
  return staticShown && props.view
    ? createElement(StaticPaintGate, null, props.children)
    : props.children;
}

/**
 * A row chosen on the first paint (React's or the static one) is highlighted at once; the app's
 * start, which then takes the main thread for a while, waits until that frame is on screen (a
 * frame, then a task), so the person sees the click answered first.
 */
const afterNextPaint = (go: () => void) => () => {
  requestAnimationFrame(() => {
    setTimeout(go, 0);
  });
};

export interface FirstPaint {
  /** Shows `view` until the app's shell is on screen (the app renders inside it, hidden). */
  Gate: (props: GateProps) => GateProps['children'];
  /**
   * The chat list before the app (issue 37): from the encrypted offline copy on a returning visit,
   * from the network on a first one; undefined without a session or not within
   * `FIRST_PAINT_WAIT_MS` (the app then opens as it always has).
   */
  view: Promise<FirstPaintView | undefined>;
  /**
   * Whether the list is already on screen without React (`showStaticPaint`): the copy kept it
   * rendered, and it is exactly what `view` renders. React's first paint can then wait for the app.
   */
  painted: Promise<boolean>;
}

/**
 * Starts the chat list's first paint. `onChoose` is told when a row or a menu entry is chosen on
 * the static copy (the app should come now).
 */
export function loadFirstPaint(
  config: Promise<RuntimeConfig>,
  pageStartedAt: number,
  onChoose: () => void,
): FirstPaint {
  const read = openBootCopy({
    fetchKey: () => config.then(fetchKey),
    keyStorage: window.sessionStorage,
  });
  const view = (async () => {
    const cfg = await config;
    const copy = (await read.copy) ?? (navigator.onLine ? await fromNetwork(cfg) : undefined);
    return copy && firstPaintView(copy, cfg.chat_domain, navigator.onLine, pageStartedAt);
  })().catch(() => undefined);
  const late = after(FIRST_PAINT_WAIT_MS);
  let gate: Promise<void> | undefined;
  const loadGate = () =>
    (gate ??= import('./FirstPaintGate')
      .then((m) => {
        LoadedGate = m.FirstPaintGate;
      })
      .catch(() => undefined));
  // Without a kept rendering React paints the list: its half is asked for at once.
  void read.paint.then((kept) => (kept ? undefined : loadGate()));
  const inTime = Promise.race([view, late]);
  const chosen = afterNextPaint(onChoose);
  const painted = (async () => {
    const [shown, paint, cfg] = await Promise.all([inTime, read.paint, config]);
    const kept = matchingPaint(paint, shown, cfg.product_name, pageBuild());
    staticShown =
      !!kept &&
      showStaticPaint(kept, (href) => {
        openAt(href);
        chosen();
      });
    return staticShown;
  })().catch(() => false);
  // React's first paint needs the gate's chunk once the list's data are in (within the second):
  // it is code, already downloading (hinted by the server with a first visit's page, from the
  // worker's cache on a returning one), so it gets up to 10 s; without data nothing waits for it,
  // and the static list needs none (the app waits behind it in `StaticPaintGate`). Without it (a
  // failed or stalled download) React paints nothing before the app.
  const gated = (async () => {
    const shown = await inTime;
    if (!shown || (await painted)) return shown;
    await Promise.race([loadGate(), after(GATE_WAIT_MS)]);
    return LoadedGate && shown;
  })();
  return { Gate, view: gated, painted };
}
