/**
 * `@pando/data-access/testing/browser`: the chat fakes, for a page (the demo and the Screens
 * stories run their chat on them; their API is the server in the page, `@pando/server/page`).
 * They have no Node dependency, unlike the vitest harness beside them, which is not re-exported.
 */
export { FakeChatNetwork, FakeTransport, MemoryOutboxStorage } from '../chat/testing';
