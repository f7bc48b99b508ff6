/** Relative-time thresholds (spec 02 §9), in seconds. */
export const RELATIVE_NOW_S = 5;
export const RELATIVE_SECONDS_S = 60;
export const RELATIVE_ABOUT_A_MINUTE_S = 90;
export const RELATIVE_MINUTES_S = 120;
export const RELATIVE_TODAY_S = 86_400;
export const RELATIVE_YESTERDAY_S = 172_800;
/** Report window (spec 02 §9): 30 days ending yesterday; hourly chart 24 points. */
export const REPORT_WINDOW_DAYS = 30;
export const HOURLY_POINTS = 24;
export const DAY_MS = 86_400_000;
