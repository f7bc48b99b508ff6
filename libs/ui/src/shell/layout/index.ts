// The CSS half (layout.css) is imported once by PandoMantineProvider, after Mantine's styles.
export { LAYOUT, shellFrame } from './layoutRules';
