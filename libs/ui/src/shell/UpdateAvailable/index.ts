export { UpdateAvailable } from './UpdateAvailable';
export type { UpdateAvailableProps } from './UpdateAvailable';
