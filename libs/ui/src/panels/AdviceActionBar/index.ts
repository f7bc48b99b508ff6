export { AdviceActionBar } from './AdviceActionBar';
export type { AdviceActionBarProps } from './AdviceActionBar';
