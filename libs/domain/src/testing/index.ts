// Test support shared by both backends' tests (`@pando/domain/testing`): never in a product bundle.
export * from './authzPlaybook';
