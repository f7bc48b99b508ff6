import { Burger } from '@mantine/core';
import { LAYOUT } from '../layout';

export interface MenuBurgerProps {
  /** Whether the main menu is open (the drawer below `LAYOUT.navbarFrom`). */
  opened: boolean;
  /** Opens or closes it. */
  onToggle: () => void;
}

/**
 * The header's button for the main menu on a phone or tablet (below `LAYOUT.navbarFrom`, where the
 * menu is a drawer, not beside the page). One copy for the app's header (`AppHeader`) and the
 * first paint (`BootShell`), so the header does not move when the app takes over.
 */
export function MenuBurger({ opened, onToggle }: MenuBurgerProps) {
  return (
    <Burger
      opened={opened}
      onClick={onToggle}
      hiddenFrom={LAYOUT.navbarFrom}
      size="sm"
      // The web app's static first paint (issue 37) finds the button by it.
      mod="menu-burger"
      aria-label={opened ? 'Close menu' : 'Open menu'}
    />
  );
}
