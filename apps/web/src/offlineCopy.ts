import {
  getOfflineKey,
  IndexedDbRecordStore,
  OfflineCopy,
  type HttpClient,
  type HttpLogger,
} from '@pando/data-access';

/**
 * The web app's offline copy (issue 37): IndexedDB records, the session's key from the server,
 * kept for the tab's life in sessionStorage. Its own chunk, loaded with the signed-in app.
 */
export function webOfflineCopy(http: HttpClient, logger: HttpLogger): OfflineCopy {
  return new OfflineCopy({
    fetchKey: () => getOfflineKey(http),
    records: new IndexedDbRecordStore(),
    keyStorage: window.sessionStorage,
    logger,
  });
}
