export { MemberList } from './MemberList';
export type { MemberListProps, PanelMember } from './MemberList';
