export { ContactPicker } from './ContactPicker';
export type { ContactPickerProps } from './ContactPicker';
