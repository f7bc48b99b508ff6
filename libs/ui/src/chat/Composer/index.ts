export { Composer } from './Composer';
export type { ComposerProps, ComposerReply } from './Composer';
