export { ConversationIcon } from './ConversationIcon';
export type { ConversationIconProps } from './ConversationIcon';
