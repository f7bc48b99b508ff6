export { ManageNav } from './ManageNav';
export type { ManageNavProps } from './ManageNav';
