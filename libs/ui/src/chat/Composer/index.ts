export { Composer } from './Composer';
export type { ComposerProps, ComposerReply, ComposerUpload } from './Composer';
