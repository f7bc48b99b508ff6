// The seeded database of the server in a page, provided by apps/server/browser/seededDump.ts
// (part of `serverInBrowser()`): only a page built with that plugin can import it.
declare module 'virtual:pando/seeded-dump' {
  const dump: {
    /** The gzip tar of a migrated PGlite data directory with the demo seed. */
    url: string;
    /** The time the seed was made for (ISO 8601). */
    seededAt: string;
  };
  export default dump;
}
