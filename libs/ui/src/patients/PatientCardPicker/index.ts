export { PatientCardPicker } from './PatientCardPicker';
export type { PatientCardPickerProps } from './PatientCardPicker';
