export { pandoTheme, pandoCssVariablesResolver } from './theme';
export { PandoMantineProvider } from './PandoMantineProvider';
export type { PandoMantineProviderProps } from './PandoMantineProvider';
