/**
 * `@pando/features/testing`: the app's screens over any backend and chat transport, for the
 * Screens stories and apps/demo. Not part of the production entry (`@pando/features`).
 */
export { ScreenHarness } from './ScreenHarness';
export type { ScreenHarnessProps } from './ScreenHarness';
export { LocalEchoNetwork, startDemoSession } from './demoSession';
export { LocalEchoTransport } from './LocalEchoTransport';
export type { DemoBackend, DemoChatNetwork } from './demoSession';
