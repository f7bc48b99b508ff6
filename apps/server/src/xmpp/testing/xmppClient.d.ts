// @xmpp/client 0.14 ships no type declarations; this covers what our tests and bench use.
declare module '@xmpp/client' {
  import type { EventEmitter } from 'node:events';
  export interface Element {
    name: string;
    attrs: Record<string, string>;
    children: (Element | string)[];
    is(name: string, ns?: string): boolean;
    getChild(name: string, ns?: string): Element | undefined;
    getChildren(name: string, ns?: string): Element[];
    getChildText(name: string, ns?: string): string | null;
    text(): string;
    toString(): string;
    getNS(): string;
  }
  export function xml(
    name: string,
    attrs?: Record<string, string | number | undefined>,
    ...children: (Element | string | undefined | null)[]
  ): Element;
  export interface Client extends EventEmitter {
    start(): Promise<unknown>;
    stop(): Promise<void>;
    send(el: Element): Promise<void>;
    jid: { toString(): string; local: string; resource: string } | null;
    status: string;
    reconnect: { stop(): void };
    iqCaller: { request(el: Element, timeout?: number): Promise<Element> };
    streamManagement: EventEmitter & { enabled: boolean; outbound: number; inbound: number };
    socket: { socket?: { close(): void } } | null;
  }
  export function client(opts: {
    service: string;
    domain?: string;
    username?: string;
    password?: string;
    resource?: string;
  }): Client;
}
