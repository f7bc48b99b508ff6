export { ChatHeader } from './ChatHeader';
export type { ChatHeaderProps } from './ChatHeader';
