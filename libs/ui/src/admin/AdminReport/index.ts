export { AdminReport } from './AdminReport';
export type { AdminReportProps, ReportFigures } from './AdminReport';
