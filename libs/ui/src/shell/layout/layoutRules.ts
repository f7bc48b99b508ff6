import type { MantineBreakpoint } from '@mantine/core';

/**
 * The product's layout rules, in one place: every screen (chat today; patients, admin and forms
 * next) takes its breakpoints from here, through the layout components that apply them
 * (`SplitView`, `SidePanel`, `AppHeader`, the shell's `AppShell`) or directly.
 *
 * Mantine's breakpoints: xs 36em (576 px), sm 48em (768 px), md 62em (992 px), lg 75em (1200 px).
 *
 * | width                    | device            | what shows                                                      |
 * |--------------------------|-------------------|-----------------------------------------------------------------|
 * | < 768 px                 | phone (390 × 844) | one column: the list, or the chosen item with a back button; menu, right panel and user menu as drawers/menus; search as an icon |
 * | 768 – 991 px             | tablet portrait   | list and item side by side; main menu behind the burger; right panel a drawer |
 * | 992 – 1199 px            | tablet landscape  | main menu beside the page too; right panel still a drawer       |
 * | ≥ 1200 px                | desktop           | main menu, list, item and right panel side by side              |
 *
 * Below 1200 px, or with a coarse pointer (a finger), every button is at least 44 × 44 px
 * (`layout.css`, WCAG 2.2 target size).
 */
export const LAYOUT = {
  /** From here the list and the chosen item sit side by side; below, they are two screens. */
  splitFrom: 'sm',
  /** From here the main menu (navbar) sits beside the page; below, the header's burger opens it. */
  navbarFrom: 'md',
  /** From here the right-hand panel sits beside the content; below, the header opens it as a drawer. */
  panelInlineFrom: 'lg',
  /** From here the header shows the full search box and the user's name; below, icon buttons. */
  headerFullFrom: 'sm',
  /** The list column beside the chosen item, in px. */
  listWidth: 280,
  /**
   * The list column on a tablet in portrait (`splitFrom` to `navbarFrom`, 768–991 px), in px:
   * narrower, so the conversation's message field keeps half the screen (TARGETS.md).
   */
  listWidthPortrait: 240,
  /** The right-hand panel, beside the content or as a drawer, in px. */
  panelWidth: 320,
  /** The main menu (navbar), in px. */
  navbarWidth: 200,
  /** The header's height, in px. */
  headerHeight: 60,
  /** The smallest touch target, in px (WCAG 2.2 2.5.5). */
  touchTarget: 44,
} as const satisfies {
  splitFrom: MantineBreakpoint;
  navbarFrom: MantineBreakpoint;
  panelInlineFrom: MantineBreakpoint;
  headerFullFrom: MantineBreakpoint;
  listWidth: number;
  listWidthPortrait: number;
  panelWidth: number;
  navbarWidth: number;
  headerHeight: number;
  touchTarget: number;
};

/**
 * The signed-in shell's frame (Mantine AppShell): the header's height, and the main menu beside
 * the page from `navbarFrom`, below it a drawer behind the header's burger. One description for
 * the app's shell (libs/features ShellLayout) and the first paint before it (`BootShell`), so the
 * two lay out alike and the swap between them does not move anything.
 */
export function shellFrame(menuOpened: boolean) {
  return {
    header: { height: LAYOUT.headerHeight },
    navbar: {
      width: LAYOUT.navbarWidth,
      breakpoint: LAYOUT.navbarFrom,
      collapsed: { mobile: !menuOpened },
    },
    padding: 0,
  } as const;
}
