import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminEndpoints } from './admin';
import { ACCESS, endpoint, pathOf, SCOPE_NAMES } from './endpoint';
import { allEndpoints } from './registry';

describe('endpoint declarations', () => {
  it('fill a path’s parameters, each encoded as one segment', () => {
    expect(pathOf(adminEndpoints.network, { id: 7 })).toBe('/admin/networks/7');
    const room = endpoint({
      method: 'GET',
      path: '/rooms/:mimId/members/:id',
      responses: { 200: z.object({}) },
      access: ACCESS.self,
    });
    expect(pathOf(room, { mimId: 'a/b c', id: 2 })).toBe('/rooms/a%2Fb%20c/members/2');
    expect(pathOf(adminEndpoints.networks, undefined)).toBe('/admin/networks');
  });

  it('refuse to build a path with a parameter missing', () => {
    expect(() => pathOf(adminEndpoints.network, {} as { id: number })).toThrow(/no value for :id/);
  });

  it('are each declared once: no two share a method and path; every scope is a known name', () => {
    const names = allEndpoints().map((e) => `${e.method} /api/${e.api ?? 'v4'}${e.path}`);
    expect(new Set(names).size).toBe(names.length);
    for (const e of allEndpoints())
      if (e.access.kind === 'scoped') expect(SCOPE_NAMES).toContain(e.access.scope);
    expect(ACCESS.scoped('admin')).toEqual({ kind: 'scoped', scope: 'admin' });
  });
});
