import type { AuthRequestResponse, AuthValidateResponse } from './schemas';
import {
  plainNumber,
  plainObject,
  plainOptional,
  plainParser,
  plainString,
  type WireParser,
} from '../wire/plainParsers';

/**
 * The login route's answers, parsed without zod (issue 10: the login route's JavaScript budget).
 * Each one accepts exactly what its zod schema in `./schemas` accepts (`plainParsers.test.ts`).
 */

/** `AuthRequestResponseSchema` (POST /auth). */
export const AuthRequestResponseParser: WireParser<AuthRequestResponse> = plainParser(
  plainObject({ message: plainString() }),
);

/** `AuthValidateResponseSchema` (POST /auth/validate). */
export const AuthValidateResponseParser: WireParser<AuthValidateResponse> = plainParser(
  plainObject({
    access_token: plainString({ min: 1 }),
    expires_in: plainOptional(plainNumber({ int: true, positive: true })),
  }),
);
