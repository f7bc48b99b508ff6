/**
 * Stale writes (issue 35): a shared record (team, advice channel, patient, card, template) has a
 * version, its `modified_at`. A change says which version it was made on — the body's
 * `modified_at`, or an `If-Match` header for API clients — and is refused with 409
 * `EDIT_CONFLICT` (`TEXTS.editConflict`) when the record changed since, never silently applied.
 * A change that names no version is accepted (the spec's clients send none).
 */
export const EDIT_CONFLICT = 'EDIT_CONFLICT';

/** The version an `If-Match` header names: `"…"`, `W/"…"` or bare; `*` and lists name none. */
export function ifMatchVersion(header: string | readonly string[] | undefined): string | undefined {
  const first: string | undefined = typeof header === 'string' ? header : header?.[0];
  const value = first?.trim();
  if (!value || value === '*' || value.includes(',')) return undefined;
  return value.replace(/^W\//, '').replace(/^"(.*)"$/, '$1') || undefined;
}

/**
 * Whether a change made on version `basedOn` is stale against the stored `current`: both are
 * instants (`modified_at`), compared as times, so `…00.000Z` and `…00Z` are one version.
 */
export function isStaleVersion(current: string | Date, basedOn: string | undefined): boolean {
  if (basedOn === undefined) return false;
  const stored = current instanceof Date ? current.getTime() : Date.parse(current);
  const sent = Date.parse(basedOn);
  return Number.isNaN(sent) || stored !== sent;
}
