// Test support for the server's tests (`@pando/domain/testing`): never in a product bundle.
export * from './authzPlaybook';
