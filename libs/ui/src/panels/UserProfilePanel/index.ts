export { UserProfilePanel } from './UserProfilePanel';
export type { UserProfilePanelProps, UserProfile } from './UserProfilePanel';
