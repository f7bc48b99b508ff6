export { NoAccessPage } from './NoAccessPage';
export type { NoAccessPageProps } from './NoAccessPage';
