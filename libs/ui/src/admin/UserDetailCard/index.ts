export { UserDetailCard } from './UserDetailCard';
export type { UserDetailCardProps } from './UserDetailCard';
