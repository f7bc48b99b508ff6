// node:diagnostics_channel for the in-page server: Fastify publishes its start-up and each
// request's handler on named channels, and skips the work when `hasSubscribers` is false. A
// small working version: subscribers of a name get what is published on it; no stores.
type Subscriber = (message: unknown, name: string) => void;

export class Channel {
  readonly name: string;
  #subscribers = new Set<Subscriber>();
  constructor(name: string) {
    this.name = name;
  }
  get hasSubscribers(): boolean {
    return this.#subscribers.size > 0;
  }
  subscribe(fn: Subscriber): void {
    this.#subscribers.add(fn);
  }
  unsubscribe(fn: Subscriber): boolean {
    return this.#subscribers.delete(fn);
  }
  publish(message: unknown): void {
    for (const fn of this.#subscribers) fn(message, this.name);
  }
  runStores<R, A extends unknown[]>(
    message: unknown,
    fn: (...args: A) => R,
    thisArg?: unknown,
    ...args: A
  ): R {
    this.publish(message);
    return fn.apply(thisArg, args);
  }
}

const channels = new Map<string, Channel>();

export function channel(name: string): Channel {
  let c = channels.get(name);
  if (!c) channels.set(name, (c = new Channel(name)));
  return c;
}

export function hasSubscribers(name: string): boolean {
  return channels.get(name)?.hasSubscribers ?? false;
}

export function subscribe(name: string, fn: Subscriber): void {
  channel(name).subscribe(fn);
}

export function unsubscribe(name: string, fn: Subscriber): boolean {
  return channel(name).unsubscribe(fn);
}

/** The five channels of a traced operation (`tracing:{name}:start` …), as Node names them. */
export function tracingChannel(name: string) {
  const of = (event: string) => channel(`tracing:${name}:${event}`);
  const parts = {
    start: of('start'),
    end: of('end'),
    asyncStart: of('asyncStart'),
    asyncEnd: of('asyncEnd'),
    error: of('error'),
  };
  return {
    ...parts,
    get hasSubscribers() {
      return Object.values(parts).some((c) => c.hasSubscribers);
    },
  };
}

export default { Channel, channel, hasSubscribers, subscribe, unsubscribe, tracingChannel };
