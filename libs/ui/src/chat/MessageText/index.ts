export { MessageText } from './MessageText';
export type { MessageTextProps } from './MessageText';
export { linkify } from './linkify';
export type { TextPart } from './linkify';
