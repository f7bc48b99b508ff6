export { FakeChatNetwork, FakeTransport } from './FakeChatNetwork';
export { FakeNetworkStatus } from './FakeNetworkStatus';
export { MemoryOutboxStorage } from './MemoryOutboxStorage';
// For the chat-client suite's harness (e2e/chat-client), which reads the store's state.
export type { ChatSnapshot } from '../snapshot';
export type { ChatNotice } from '../environment';
