/** The parts of @xmpp/client 0.14 (ltx elements, the client entity) that XmppTransport uses. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string | undefined>;
  children: (XmlElement | string)[];
  is(name: string, ns?: string): boolean;
  getChild(name: string, ns?: string): XmlElement | undefined;
  getChildren(name: string, ns?: string): XmlElement[];
  getChildText(name: string, ns?: string): string | null;
  text(): string;
  toString(): string;
}

export interface XmlBuilder {
  (
    name: string,
    attrs?: Record<string, string | number | undefined>,
    ...children: (XmlElement | string | undefined | null | false)[]
  ): XmlElement;
}

interface Emitter {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeAllListeners(event?: string): unknown;
}

export interface XmppClient extends Emitter {
  start(): Promise<unknown>;
  stop(): Promise<unknown>;
  send(element: XmlElement): Promise<void>;
  status: string;
  reconnect: { stop(): void };
  iqCaller: { request(element: XmlElement, timeout?: number): Promise<XmlElement> };
  streamManagement: Emitter & { enabled: boolean };
  socket?: { socket?: { close(): void } } | null;
}

export type SaslAuthenticate = (
  credentials: { username: string; password: string },
  mechanism: string,
) => Promise<void>;
