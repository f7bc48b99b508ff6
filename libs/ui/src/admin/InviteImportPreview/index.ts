export { InviteImportPreview } from './InviteImportPreview';
export type { InviteImportPreviewProps } from './InviteImportPreview';
