// What the apps use: the one composition root and the chat adapter's types.
export { preloadSignedIn } from './shell/routes';
export { consoleLogger } from './shell/services/AppServices';
export { createPandoApp, preloadChatWiring } from './app/createPandoApp';
export type { PandoApp } from './app/createPandoApp';
export type { ChatAdapter, ChatSession } from './chat/runtime/ChatWiring';
