export { BroadcastSandbox } from './BroadcastSandbox';
export type { BroadcastSandboxProps } from './BroadcastSandbox';
