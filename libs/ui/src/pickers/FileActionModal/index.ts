export { FileActionModal } from './FileActionModal';
export type { FileActionModalProps } from './FileActionModal';
