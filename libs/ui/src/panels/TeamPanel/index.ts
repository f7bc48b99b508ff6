export { TeamPanel } from './TeamPanel';
export type { TeamPanelProps, TeamPanelTeam } from './TeamPanel';
