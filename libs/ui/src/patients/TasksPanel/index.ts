export { TasksPanel } from './TasksPanel';
export type { TasksPanelProps } from './TasksPanel';
