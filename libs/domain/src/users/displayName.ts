/** "First Last", trimmed; falls back to the email or "Unknown user" so a row is never blank. */
export function displayName(user: {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}): string {
  const name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return name || user.email || 'Unknown user';
}
