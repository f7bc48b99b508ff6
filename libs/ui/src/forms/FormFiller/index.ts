export { FormFiller } from './FormFiller';
export type { FormFillerNotice, FormFillerProps, PatientDifference } from './FormFiller';
