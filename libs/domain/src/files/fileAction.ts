import { textsWith } from '../texts/texts';

/** HTTP reason phrases (RFC 9110) for the statuses a download or a file email can end with. */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  413: 'Content Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The status text of a status (HTTP/2 answers carry none, so the client cannot rely on it). */
function statusText(status: number): string {
  if (status === 0) return 'No connection';
  return REASON_PHRASES[status] ?? `HTTP ${String(status)}`;
}

/**
 * What a failed file action says (spec 01 §8): "Download failed: {reason}" or "Error sending
 * email: {status text}". A 400, 413 or 429 adds the server's sentence, which tells the person what
 * to do (fix the address, download instead, try again later); other statuses keep the status text
 * alone (a 500's message is the server's, not the person's).
 */
export function fileActionErrorText(
  action: 'download' | 'email',
  status: number,
  serverMessage?: string,
): string {
  const explained = status === 400 || status === 413 || status === 429;
  const reason =
    explained && serverMessage ? `${statusText(status)}. ${serverMessage}` : statusText(status);
  return action === 'download'
    ? textsWith.downloadFailed(reason)
    : textsWith.errorSendingEmail(reason);
}
