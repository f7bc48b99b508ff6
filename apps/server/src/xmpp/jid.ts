/** A parsed JID. We only ever deal with `local@domain[/resource]` and `domain`. */
export interface Jid {
  local: string;
  domain: string;
  resource: string;
}

const MAX_PART = 1023;

export function parseJid(s: string | undefined): Jid | undefined {
  if (!s || s.length > 3 * MAX_PART) return undefined;
  const slash = s.indexOf('/');
  const bare = slash === -1 ? s : s.slice(0, slash);
  const resource = slash === -1 ? '' : s.slice(slash + 1);
  const at = bare.indexOf('@');
  const local = at === -1 ? '' : bare.slice(0, at);
  const domain = (at === -1 ? bare : bare.slice(at + 1)).toLowerCase();
  if (!domain || domain.includes('@') || (at !== -1 && !local)) return undefined;
  if (slash !== -1 && !resource) return undefined;
  return { local: local.toLowerCase(), domain, resource };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isUuid = (s: string) => UUID.test(s);

/** Room ids are the REST API's mim_id: letters, digits, dash, underscore, dot. */
const ROOM_ID = /^[a-z0-9][a-z0-9._-]{0,127}$/;
export const isRoomId = (s: string) => ROOM_ID.test(s);
