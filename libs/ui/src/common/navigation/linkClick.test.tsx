import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PatientGallery } from '../../patients/PatientGallery';
import { renderWithTheme } from '../../testing/render';
import { isPlainClick } from './linkClick';

const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe('isPlainClick', () => {
  it('is a left click without a modifier: the app opens the link itself', () => {
    expect(isPlainClick(click)).toBe(true);
  });

  it("keeps the browser's own behaviour for every modifier and any other button", () => {
    for (const other of [
      { metaKey: true }, // ⌘: a new tab (macOS)
      { ctrlKey: true }, // Ctrl: a new tab
      { shiftKey: true }, // Shift: a new window
      { altKey: true }, // Alt: download the link
      { button: 1 }, // the middle button
    ])
      expect(isPlainClick({ ...click, ...other }), JSON.stringify(other)).toBe(false);
  });
});

describe('a link the app opens itself', () => {
  // Before session 30, the gallery's links (and the patient card in a message) took Shift and Alt
  // clicks as plain ones: the card opened in place instead of in a new window.
  it('opens a patient card in place on a plain click, and leaves a Shift click to the browser', () => {
    const onOpenCard = vi.fn();
    renderWithTheme(
      <PatientGallery
        status="ready"
        groups={[
          {
            patientId: 2,
            name: 'Abbott, Bram',
            cardId: 12,
            images: [{ id: 3, title: 'Chest X-ray', thumbnailUrl: 'data:image/gif;base64,R0lGOD' }],
          },
        ]}
        onView={vi.fn()}
        onOpenCard={onOpenCard}
      />,
    );
    const link = screen.getByRole('link', { name: 'Abbott, Bram' });
    expect(link).toHaveAttribute('href', '/patients/12');
    expect(fireEvent.click(link, { shiftKey: true })).toBe(true); // not prevented
    expect(onOpenCard).not.toHaveBeenCalled();
    expect(fireEvent.click(link)).toBe(false); // prevented: the app opens it
    expect(onOpenCard).toHaveBeenCalledWith(12);
  });
});
