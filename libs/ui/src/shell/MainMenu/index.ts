export { MainMenu } from './MainMenu';
export type { MainMenuProps, MainMenuItem } from './MainMenu';
