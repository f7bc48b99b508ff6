import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '../../testing/render';
import { linkify } from './linkify';
import { MessageText } from './MessageText';

describe('linkify', () => {
  it('links http, https and mailto only, without trailing punctuation', () => {
    expect(
      linkify('See https://www.nice.org.uk/guidance/ng185. Or mail cardio@example.org'),
    ).toEqual([
      { kind: 'text', text: 'See ' },
      {
        kind: 'link',
        text: 'https://www.nice.org.uk/guidance/ng185',
        href: 'https://www.nice.org.uk/guidance/ng185',
      },
      { kind: 'text', text: '. Or mail cardio@example.org' },
    ]);
    expect(linkify('mailto:cardio@example.org')).toEqual([
      { kind: 'link', text: 'mailto:cardio@example.org', href: 'mailto:cardio@example.org' },
    ]);
  });

  it('leaves javascript: and data: URLs as text', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'JaVaScRiPt:alert(1)',
    ]) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
    }
  });
});

describe('MessageText (XSS)', () => {
  it('renders <img src=x onerror=alert(1)> and javascript: links as inert text', () => {
    const hostile =
      '<img src=x onerror=alert(1)> click javascript:alert(document.cookie) <a href="javascript:alert(1)">x</a>';
    const { container } = renderWithTheme(<MessageText text={hostile} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain(hostile);
  });

  it('keeps a real link clickable and safe', () => {
    renderWithTheme(<MessageText text="Protocol: https://intranet.example.org/sepsis" />);
    const link = screen.getByRole('link', { name: 'https://intranet.example.org/sepsis' });
    expect(link).toHaveAttribute('href', 'https://intranet.example.org/sepsis');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });
});
