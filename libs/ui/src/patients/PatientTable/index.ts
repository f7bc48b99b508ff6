export { PatientTable, patientCardName } from './PatientTable';
export type { PatientTableProps } from './PatientTable';
