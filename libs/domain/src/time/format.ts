import {
  DAY_MS,
  HOURLY_POINTS,
  RELATIVE_ABOUT_A_MINUTE_S,
  RELATIVE_MINUTES_S,
  RELATIVE_NOW_S,
  RELATIVE_SECONDS_S,
  RELATIVE_TODAY_S,
  RELATIVE_YESTERDAY_S,
  REPORT_WINDOW_DAYS,
} from './constants';

const pad = (n: number) => String(n).padStart(2, '0');

/** `dd/mm/yyyy` in local time (spec 02 §9). */
export function formatDate(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** `HH:mm` in local time. */
export function formatTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `dd/mm/yyyy HH:mm` (spec 02 §9). */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} ${formatTime(date)}`;
}

/**
 * Spec 02 §9 relative time, from the elapsed seconds: "now" under 5 s, seconds under 60 s,
 * "about a minute ago" under 90 s, minutes under 120 s, "today at" under a day, "yesterday at"
 * under two days, the full date after. Future times (clock skew) read as "now".
 */
export function relativeTime(then: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (seconds < RELATIVE_NOW_S) return 'now';
  if (seconds < RELATIVE_SECONDS_S) return `${seconds} seconds ago`;
  if (seconds < RELATIVE_ABOUT_A_MINUTE_S) return 'about a minute ago';
  if (seconds < RELATIVE_MINUTES_S) return `${Math.round(seconds / 60)} minutes ago`;
  if (seconds < RELATIVE_TODAY_S) return `today at ${formatTime(then)}`;
  if (seconds < RELATIVE_YESTERDAY_S) return `yesterday at ${formatTime(then)}`;
  return formatDateTime(then);
}

/** Last-active text from seconds since activity (jabber:iq:last answers in seconds). */
export function lastActiveText(secondsAgo: number | null, now: Date): string {
  if (secondsAgo === null || !Number.isFinite(secondsAgo) || secondsAgo < 0) return 'Unknown';
  return relativeTime(new Date(now.getTime() - secondsAgo * 1000), now);
}

/** ISO calendar date `YYYY-MM-DD` in local time. */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function localMidnight(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/**
 * Spec 02 §9: the report covers 30 days ending yesterday. `from` and `to` are inclusive ISO
 * dates, `days` the 30 dates in order (for filling daily series).
 */
export function reportWindow(now: Date): { from: string; to: string; days: string[] } {
  const yesterday = addDays(localMidnight(now), -1);
  const days = Array.from({ length: REPORT_WINDOW_DAYS }, (_, i) =>
    isoDate(addDays(yesterday, i - (REPORT_WINDOW_DAYS - 1))),
  );
  return { from: days[0] ?? '', to: days[days.length - 1] ?? '', days };
}

/** The previous window of the same length, for deltas. */
export function previousReportWindow(now: Date): { from: string; to: string } {
  const w = reportWindow(addDays(localMidnight(now), -REPORT_WINDOW_DAYS));
  return { from: w.from, to: w.to };
}

/** "30 day report, ending {date}" uses dd/mm/yyyy of yesterday. */
export function reportEndDate(now: Date): string {
  return formatDate(addDays(localMidnight(now), -1));
}

/** Fills a daily series so every day of the window has a point (missing days are 0). */
export function fillDailySeries(
  days: readonly string[],
  points: readonly { date: string; count: number }[],
): { date: string; count: number }[] {
  const byDay = new Map<string, number>();
  for (const p of points)
    byDay.set(p.date.slice(0, 10), (byDay.get(p.date.slice(0, 10)) ?? 0) + p.count);
  return days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

/** Spec 02 §2/§9: average users per hour, 24 points for hours 0 to 23 (missing hours are 0). */
export function fillHourlySeries(
  points: readonly { hour: number; count: number }[],
): { hour: number; count: number }[] {
  const byHour = new Map(points.map((p) => [p.hour, p.count]));
  return Array.from({ length: HOURLY_POINTS }, (_, hour) => ({
    hour,
    count: byHour.get(hour) ?? 0,
  }));
}

/**
 * Spec 02 §2: deltas show as a percent with one decimal. Null when there is no previous figure
 * (a change from zero has no meaningful percentage).
 */
export function percentDelta(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** "+12.5%", "-3.0%", "0.0%", or "–" when there is no delta. */
export function formatPercentDelta(delta: number | null): string {
  if (delta === null) return '–';
  const sign = delta > 0 ? '+' : '';
  return `${sign}${delta.toFixed(1)}%`;
}

/** Milliseconds in whole days, for callers computing windows. */
export const daysToMs = (days: number): number => days * DAY_MS;

/**
 * Calendar dates people type and read (a date of birth, a form's date control): dd/mm/yyyy on
 * screen everywhere, ISO `YYYY-MM-DD` on the wire. One rule for every date field: the browser's
 * own date input follows the browser's locale (mm/dd/yyyy in an en-US Chromium), so the app
 * uses a text field with this parse and format instead.
 */
export const DISPLAY_DATE_PATTERN = 'dd/mm/yyyy';

const ISO_CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `y-m-d` (month 1–12) is a real day of the calendar (no 31/02, 29/02 only in leap years). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last;
}

/** `1948-03-14` → `14/03/1948`; anything that is not an ISO calendar date comes back unchanged. */
export function formatIsoDate(iso: string): string {
  const match = ISO_CALENDAR_DATE.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  return `${day ?? ''}/${month ?? ''}/${year ?? ''}`;
}

/** The outcome of reading a typed date: empty, an ISO date, or not a date. */
export type ParsedDisplayDate =
  { kind: 'empty' } | { kind: 'date'; iso: string } | { kind: 'invalid'; message: string };

/**
 * Reads a date as people in the UK type it: day, month, four-digit year, separated by `/`, `.`,
 * `-` or spaces (`14/03/1948`, `14.3.1948`, `1-3-1948`); eight digits without separators
 * (`14031948`) as ddmmyyyy. A day that does not exist (31/02/2020) is refused, naming the format.
 */
export function parseDisplayDate(text: string): ParsedDisplayDate {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const match =
    /^(\d{1,2})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{4})$/.exec(trimmed) ??
    /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  const day = Number(match?.[1]);
  const month = Number(match?.[2]);
  const year = Number(match?.[3]);
  if (!match || !isCalendarDay(year, month, day)) {
    return {
      kind: 'invalid',
      message: `Enter a real date as ${DISPLAY_DATE_PATTERN}, for example 14/03/1948.`,
    };
  }
  return { kind: 'date', iso: `${String(year)}-${pad(month)}-${pad(day)}` };
}

/**
 * The slash a person would type next, typed for them: while typing forward, `14` becomes `14/`
 * and `14/03` becomes `14/03/` (a slash typed after that one is absorbed); eight digits pasted at
 * once become `14/03/1948`. Deleting
 * (`next` shorter than `previous`) is left alone, so a slash can be erased.
 */
export function maskDisplayDate(next: string, previous: string): string {
  if (next.length <= previous.length) return next;
  // The person typed the slash that was already typed for them: keep one.
  if (next === `${previous}/` && previous.endsWith('/')) return previous;
  if (/^\d{8}$/.test(next)) return `${next.slice(0, 2)}/${next.slice(2, 4)}/${next.slice(4)}`;
  if (/^\d{2}$/.test(next) || /^\d{1,2}\/\d{2}$/.test(next)) return `${next}/`;
  return next;
}
