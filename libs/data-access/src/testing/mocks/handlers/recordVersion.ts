/** The version of a seeded record nobody has changed yet. */
const SEEDED_VERSION = '2026-01-05T09:00:00.000Z';

/** A record's version (issue 35): its `modified_at`, or the seed's. */
export const versionOf = (record: { modified_at?: string | undefined }): string =>
  record.modified_at ?? SEEDED_VERSION;
