export * from './http';
export * from './api';
export * from './pendingSchemas';
export * from './chat';
