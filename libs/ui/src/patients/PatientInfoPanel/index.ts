export {
  PatientInfoFields,
  PatientInfoPanel,
  PatientSection,
  patientInfoValues,
} from './PatientInfoPanel';
export type {
  PatientInfoFieldsProps,
  PatientInfoPanelProps,
  PatientInfoValues,
} from './PatientInfoPanel';
