export { DataExportForm } from './DataExportForm';
export type { DataExportFormProps, DataExportValues } from './DataExportForm';
