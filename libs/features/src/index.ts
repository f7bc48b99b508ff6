export { LoginRoute } from './auth/LoginRoute';
export type { LoginRouteProps } from './auth/LoginRoute';
export { isLegacyBrowser } from './auth/legacyBrowser';
