export { BackToListButton } from './BackToListButton';
export type { BackToListButtonProps } from './BackToListButton';
