import type { ScopeName } from '@pando/domain';
import type { MockBackend, MockUser } from '../../backend';

/** What a scope's rule saw of the request (already validated against the declaration). */
export interface ScopeInput {
  caller: MockUser;
  request: Request;
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
}

/**
 * What the rules loaded for the handler, so it neither looks it up nor checks it again. Each
 * area's rules add their fields (`declare module './types'`), as the server's ScopedResources.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- areas merge their fields in
export interface MockLoaded {}

export type MockScopeRule = (backend: MockBackend, input: ScopeInput) => Partial<MockLoaded>;

/** One area's rules. */
export type MockScopes = Partial<Record<ScopeName, MockScopeRule>>;
