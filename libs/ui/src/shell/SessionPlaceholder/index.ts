export { SessionPlaceholder } from './SessionPlaceholder';
export type { SessionPlaceholderProps } from './SessionPlaceholder';
