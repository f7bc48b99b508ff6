/** JID helpers for the MongooseIM dialect: users `{uuid}@{domain}`, rooms `{mim_id}@muclight.{domain}`. */
// Case is kept as given: uuids and mim_ids are generated lower-case, and changing case here would
// make a JID the server stored differ from the one the client compares against.

export function bareJid(jid: string): string {
  const slash = jid.indexOf('/');
  return slash === -1 ? jid : jid.slice(0, slash);
}

export function jidLocal(jid: string): string {
  const bare = bareJid(jid);
  const at = bare.indexOf('@');
  return at === -1 ? '' : bare.slice(0, at);
}

export function jidDomain(jid: string): string {
  const bare = bareJid(jid);
  return bare.slice(bare.indexOf('@') + 1);
}

/** The resource part (after the first '/'), or '' when there is none. */
export function jidResource(jid: string): string {
  const slash = jid.indexOf('/');
  return slash === -1 ? '' : jid.slice(slash + 1);
}

export function userJid(uuid: string, domain: string): string {
  return `${uuid}@${domain}`;
}

export function roomJid(mimId: string, domain: string): string {
  return `${mimId}@muclight.${domain}`;
}

export function isRoomJid(jid: string): boolean {
  return jidDomain(jid).startsWith('muclight.');
}
