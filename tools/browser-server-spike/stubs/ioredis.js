// STUB for `ioredis` (src/xmpp/redisBus.ts): REDIS_URL is never set here.
export class Redis { constructor() { throw new Error('ioredis: not in the browser'); } }
export default Redis;
