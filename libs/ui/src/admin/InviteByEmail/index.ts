export { InviteByEmail } from './InviteByEmail';
export type { InviteByEmailProps } from './InviteByEmail';
