import type { ChatContext } from '../context.js';
import type { Jid } from '../jid.js';
import type { ChatSession } from '../sessions.js';
import type { XmlEl } from '../xml.js';

/** An IQ get/set a handler answers: already checked to have an id, a payload and a valid `to`. */
interface IqRequest {
  readonly s: ChatSession;
  readonly iq: XmlEl;
  /** The first child element: its namespace and name chose the handler. */
  readonly payload: XmlEl;
  readonly type: 'get' | 'set';
  readonly to: Jid | undefined;
  /** Addressed to the server or to the sender's own bare JID. */
  readonly toSelfOrServer: boolean;
  /** `<iq type="result">` with these children. */
  reply(...payload: XmlEl[]): void;
  /** `<iq type="error">` with this condition. */
  fail(condition: string): void;
}

/** One namespace's IQs; anything it does not serve is `service-unavailable`. */
export type IqHandler = (ctx: ChatContext, req: IqRequest) => Promise<void> | void;
