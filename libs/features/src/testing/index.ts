/**
 * `@pando/features/testing`: the product on the server in a page and `FakeChatNetwork`, for the
 * Screens stories and apps/demo. Not part of the production entry (`@pando/features`).
 */
export { fakeChat, signInDemo } from './demoSession';
export type { ChatDirectory } from './demoSession';
/** @public For .storybook/preview.tsx, which `knip --production` leaves out (nothing of it ships). */
export { provideStoryBackend } from './storyBackend';
