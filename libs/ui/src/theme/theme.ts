import { Anchor, createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * The Pando Mantine theme.
 *
 * Mantine's default primary shade (blue 6, `#228be6`) gives white button text a contrast of
 * 3.56:1, below WCAG AA (4.5:1). Shade 8 (`#1971c2`) gives 5.02:1 on filled buttons and, as the
 * light-scheme link colour, 5.02:1 on white; the dark scheme's links use blue 4 on dark 7 (6.27:1).
 * Filled buttons of other colours (red for destructive actions) use the same shade 8, which keeps
 * them at AA too (red 8 on white text: 4.51:1).
 */
export const pandoTheme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    // Links inside text must not rely on colour alone (axe link-in-text-block, WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

/**
 * Mantine's `dimmed` (gray 6 on white: 3.32:1; dark 2 on dark 7: 4.04:1) and light-scheme `error`
 * (red 6 on white: 3.28:1) colours fail AA for body text. Clinicians read timestamps, roles and
 * validation messages in those colours all day, so they are darkened/lightened to pass.
 */
export const pandoCssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
  },
});
