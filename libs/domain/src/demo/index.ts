/**
 * `@pando/domain/demo`: the demo organisation as plain data, for the server seed and the tests
 * that name its people (the contract suite, e2e). A separate entry point, so no production bundle
 * carries it.
 */
export * from './organisation';
export * from './chatHistory';
export * from './generated';
export * from './formTemplates';
