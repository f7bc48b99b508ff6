/**
 * `@pando/features/testing`: the product on the server in a page and `FakeChatNetwork`, for the
 * Screens stories and apps/demo. Not part of the production entry (`@pando/features`).
 */
export { fakeChat, signInDemo, signOutDemo } from './demoSession';
export type { ChatDirectory } from './demoSession';
export { provideStoryBackend } from './storyBackend';
export type { StoryBackend } from './storyBackend';
