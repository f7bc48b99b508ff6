export { AdviceTeamInfo } from './AdviceTeamInfo';
export type { AdviceTeamInfoProps } from './AdviceTeamInfo';
