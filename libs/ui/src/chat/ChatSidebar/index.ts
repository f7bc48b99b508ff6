export { ChatSidebar } from './ChatSidebar';
export type { ChatSidebarProps, ChatSidebarItem, ChatSidebarSections } from './ChatSidebar';
