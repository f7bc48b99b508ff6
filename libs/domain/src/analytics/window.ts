import { fieldError, type ApiError } from '../wire/errors';

/** The longest window one analytics call may ask for (a year and a day, for leap years). */
export const MAX_ANALYTICS_WINDOW_DAYS = 366;
const DAY_MS = 86_400_000;

/** A report window of whole UTC days, `from` and `to` included: [startMs, endMs). */
export interface AnalyticsWindow {
  from: string;
  to: string;
  startMs: number;
  endMs: number;
  /** Each day of the window, `YYYY-MM-DD`, oldest first. */
  dates: string[];
}

/**
 * The window of an analytics call (spec 02 §7 `/{scope}/{id}/{metric}/{from}/{to}`), as the
 * server reads it: `from` defaults to `to` (the metrics that take only
 * `to`), and a window that ends before it starts or is longer than 366 days is a 400 naming
 * `from`.
 */
export function analyticsWindow(params: {
  from?: string | undefined;
  to: string;
}): { window: AnalyticsWindow } | { error: ApiError } {
  const from = params.from ?? params.to;
  const startMs = Date.parse(`${from}T00:00:00Z`);
  const endMs = Date.parse(`${params.to}T00:00:00Z`) + DAY_MS;
  const days = Math.round((endMs - startMs) / DAY_MS);
  if (days < 1) return { error: fieldError('from', 'must not be after to') };
  if (days > MAX_ANALYTICS_WINDOW_DAYS)
    return {
      error: fieldError('from', `the window is at most ${MAX_ANALYTICS_WINDOW_DAYS} days`),
    };
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(startMs + i * DAY_MS).toISOString().slice(0, 10),
  );
  return { window: { from, to: params.to, startMs, endMs, dates } };
}
