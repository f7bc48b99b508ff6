export { FakeChatNetwork, FakeTransport } from './FakeChatNetwork';
export { FakeNetworkStatus } from './FakeNetworkStatus';
