export { GenerateCodeDialog } from './GenerateCodeDialog';
export type { GenerateCodeDialogProps } from './GenerateCodeDialog';
