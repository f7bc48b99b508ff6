export { LoginRoute } from './auth/LoginRoute';
export type { LoginRouteProps } from './auth/LoginRoute';
export { isLegacyBrowser } from './auth/legacyBrowser';
export { SessionGate, useViewer } from './auth/SessionGate';
export { requestCodeErrorText, validateCodeError } from './auth/loginErrors';
export { createAppRoutes, preloadSignedIn } from './shell/routes';
export type { AppRoutesOptions } from './shell/routes';
export { preloadable } from './shell/preloadable';
export type { Preloadable } from './shell/preloadable';
export {
  AppServicesProvider,
  consoleLogger,
  useAppServices,
  useNotify,
} from './shell/services/AppServices';
export type { AppServices, AppServicesProviderProps } from './shell/services/AppServices';
export { NotificationCenter } from './shell/services/notifications';
export type { AppNotification, NotificationInput } from './shell/services/notifications';
export { NotificationViewport } from './shell/components/NotificationViewport';
export { AppErrorBoundary } from './shell/components/AppErrorBoundary';
export { unreadTitle } from './shell/hooks/useDocumentTitle';
export { createPandoApp, preloadChatWiring } from './app/createPandoApp';
export type { PandoApp, PandoAppAdapters } from './app/createPandoApp';
export type { ChatAdapter, ChatSession } from './chat/runtime/ChatWiring';
