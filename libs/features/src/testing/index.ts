/**
 * `@pando/features/testing`: the product on the MSW mock backend and `FakeChatNetwork`, for the
 * Screens stories and apps/demo. Not part of the production entry (`@pando/features`).
 */
export { fakeChat, signInDemo, signOutDemo } from './demoSession';
export type { ChatDirectory } from './demoSession';
