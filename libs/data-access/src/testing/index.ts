/**
 * `@pando/data-access/testing`: the mock backend and the contract scenarios. Never imported by
 * production code (the bundle test checks the web build has none of it). The browser worker is
 * at `./mocks/browser` and not re-exported here, so node tests do not load `msw/browser`.
 * Stories and the demo import `@pando/data-access/testing/browser` instead (the worker and the
 * chat fakes), since this barrel also loads the MSW node server.
 */
export * from '../contract/scenarios';
export * from '../chat/testing';
