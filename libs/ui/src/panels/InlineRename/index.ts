export { InlineRename } from './InlineRename';
export type { InlineRenameProps } from './InlineRename';
