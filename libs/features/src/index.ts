// What the apps use: the one composition root and the chat adapter's types.
export { isLoginPath } from './app/loginRedirect';
export {
  firstPaintView,
  matchingPaint,
  paintKey,
  SHELL_SHOWN,
  type FirstPaintView,
} from './app/firstPaint';
export { consoleLogger } from './common/consoleLogger';
export { createPandoApp, preloadChatWiring, preloadSignedIn } from './app/createPandoApp';
export type { PandoApp } from './app/createPandoApp';
export type { ManageSettings } from './common/manageSettings';
export type { ChatAdapter, ChatSession } from './chat/runtime/ChatWiring';
