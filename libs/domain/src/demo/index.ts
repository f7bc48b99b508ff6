/**
 * `@pando/domain/demo`: the demo organisation as plain data, for the server seed, the mock
 * backend and the contract suite. A separate entry point, so no production bundle carries it.
 */
export * from './organisation';
export * from './chatHistory';
export * from './generated';
export * from './formTemplates';
