export { MessageBubble } from './MessageBubble';
export type { MessageBubbleProps } from './MessageBubble';
export type { MessageActions, FormTemplateStatus } from './messageActions';
