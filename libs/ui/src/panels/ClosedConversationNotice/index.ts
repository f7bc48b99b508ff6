export { ClosedConversationNotice } from './ClosedConversationNotice';
export type { ClosedConversationNoticeProps } from './ClosedConversationNotice';
