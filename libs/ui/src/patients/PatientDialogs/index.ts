export { DeletePatientDialog, PatientHelpDialog, PatientsEmptyState } from './PatientDialogs';
export type { DeletePatientDialogProps } from './PatientDialogs';
