import { describe, expect, it } from 'vitest';
import { chooseDemoViewer, demoViewerEmail } from './demoViewer';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

describe('the demo viewer', () => {
  it('defaults to the network admin, or alice with the admin flag off', () => {
    expect(chooseDemoViewer({ adminEnabled: true }, '', null)).toBe('network-admin');
    expect(chooseDemoViewer({ adminEnabled: false }, '', null)).toBe('clinician');
  });

  it('?as=product-admin signs in as the product admin, who sees Networks, and is kept for the tab', () => {
    const storage = memoryStorage();
    const viewer = chooseDemoViewer({ adminEnabled: true }, '?as=product-admin', storage);
    expect(viewer).toBe('product-admin');
    expect(demoViewerEmail(viewer)).toBe('pando.admin@example.org');
    // A reload or deep link without the query keeps the choice.
    expect(chooseDemoViewer({ adminEnabled: true }, '', storage)).toBe('product-admin');
  });

  it('an unknown ?as= is ignored', () => {
    expect(chooseDemoViewer({ adminEnabled: true }, '?as=root', memoryStorage())).toBe(
      'network-admin',
    );
  });
});
