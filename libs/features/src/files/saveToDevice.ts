/**
 * Saves bytes under a name through a temporary link (the page is never navigated away): a chat
 * file's Download, the audit log's CSV and a smart form's CSV/JSON export. The object URL is revoked a minute later, after the
 * click has handed the bytes to the browser's download.
 */
export function saveToDevice(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(href);
  }, 60_000);
}
