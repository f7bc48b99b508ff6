export { AssigneesPanel } from './AssigneesPanel';
export type { AssigneesPanelProps } from './AssigneesPanel';
