/**
 * A LIKE pattern that finds `term` anywhere in a lower-cased text: `%term%`, lower-cased, with
 * LIKE's own characters (`\`, `%`, `_`) escaped so they match themselves. The caller trims.
 */
export const containsPattern = (term: string): string =>
  `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
