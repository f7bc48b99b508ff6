export { WelcomeEmptyState } from './WelcomeEmptyState';
export type { WelcomeEmptyStateProps } from './WelcomeEmptyState';
