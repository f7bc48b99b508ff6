export { SendToEmailDialog } from './SendToEmailDialog';
export type { SendToEmailDialogProps } from './SendToEmailDialog';
export { EmailAddressForm } from './EmailAddressForm';
export type { EmailAddressFormProps } from './EmailAddressForm';
