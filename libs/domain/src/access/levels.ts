import { z } from 'zod';
import { ACCESS_LEVELS } from './constants';
import { lazySchema } from '../wire/lazySchema';

export const AccessLevelSchema = lazySchema(() => z.enum(ACCESS_LEVELS));
export type AccessLevel = z.infer<typeof AccessLevelSchema>;
// The rank rules, zod-free (rank.ts): the web app's first paint reads them before zod loads.
export { accessRank, hasAccess } from './rank';

export function isAccessLevel(value: unknown): value is AccessLevel {
  return AccessLevelSchema.safeParse(value).success;
}
