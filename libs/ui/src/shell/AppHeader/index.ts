export { AppHeader } from './AppHeader';
export type { AppHeaderProps } from './AppHeader';
export { LogoutConfirmModal } from './LogoutConfirmModal';
export type { LogoutConfirmModalProps } from './LogoutConfirmModal';
