import { describe, expect, it } from 'vitest';
import { isLegacyBrowser } from './legacyBrowser';

describe('legacy-browser flag (Internet Explorer 11 or older disables the login inputs)', () => {
  it('flags Internet Explorer 11 and older', () => {
    expect(isLegacyBrowser('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko')).toBe(
      true,
    );
    expect(isLegacyBrowser('Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)')).toBe(true);
  });

  it('does not flag Edge, Chrome or Firefox', () => {
    expect(
      isLegacyBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe(false);
    expect(
      isLegacyBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe(false);
  });
});
