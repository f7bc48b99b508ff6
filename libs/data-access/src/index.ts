export * from './http';
export * from './api';
export * from './chat';
export * from './offline';
