/**
 * `@pando/data-access/testing`: the contract scenarios and the chat fakes with their vitest
 * harness. Never imported by production code (the bundle test checks the web build has none of
 * it). A page (the demo, the stories) imports `@pando/data-access/testing/browser` instead: the
 * chat fakes without the harness's Node dependencies.
 */
export * from '../contract/scenarios';
export * from '../chat/testing';
