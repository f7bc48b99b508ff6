import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogProps {
  /** Whether the dialog is open. */
  opened: boolean;
  /** Closes it (Escape, the close button, a click outside). */
  onClose: () => void;
  /** The dialog's accessible name and visible heading. */
  title: ReactNode;
  children?: ReactNode;
  /** Mantine modal width. @default 'md' */
  size?: ModalRootProps['size'];
}

/**
 * Mantine's `Modal` renders its title bar as a `<header>`, which axe counts as a second page
 * `banner` beside the app header (landmark-no-duplicate-banner). This composes the same modal
 * with a plain `div` title bar and a named close button; every Pando dialog uses it.
 */
export function Dialog({ opened, onClose, title, children, size = 'md' }: DialogProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close dialog" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
