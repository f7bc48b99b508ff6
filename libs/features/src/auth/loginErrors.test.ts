import {
  ForbiddenError,
  RefusedError,
  ServerError,
  UnauthorisedError,
  UnprocessableError,
} from '@pando/data-access';
import { TEXTS } from '@pando/domain';
import { describe, expect, it } from 'vitest';
import { requestCodeErrorText, validateCodeError } from './loginErrors';

const ctx = { method: 'POST', path: '/auth' };
const badRequest = {
  kind: 'bad-request',
  status: 400,
  method: 'POST',
  path: '/auth/validate',
  message: 'bad',
  internalCode: undefined,
  body: undefined,
} as const;

describe('spec 01 §8 "Request code" error mapping', () => {
  it('401 shows an unauthorised message', () => {
    expect(requestCodeErrorText(new UnauthorisedError('x', { ...ctx, status: 401 }))).toBe(
      TEXTS.unauthorisedLogin,
    );
  });
  it('422 shows an invalid-email-type message', () => {
    expect(requestCodeErrorText(new UnprocessableError('x', { ...ctx, status: 422 }))).toBe(
      TEXTS.invalidEmailType,
    );
  });
  it('403 shows a forbidden message', () => {
    expect(requestCodeErrorText(new ForbiddenError('x', { ...ctx, status: 403 }))).toBe(
      TEXTS.noPermission,
    );
  });
  it("anything else shows the error's message", () => {
    expect(requestCodeErrorText(new Error('Network down'))).toBe('Network down');
  });
  it('a lockout (429) says how long to wait in words, from the Retry-After', () => {
    const lockout = new RefusedError('Too many login attempts. Try again in 603 seconds.', {
      ...ctx,
      status: 429,
      retryAfterSeconds: 603,
    });
    expect(requestCodeErrorText(lockout)).toBe('Too many login attempts. Try again in 11 minutes.');
  });
});

describe('spec 01 §8 "Code validation" error mapping', () => {
  it('status 400 to 500 shows the invalid-code warning', () => {
    expect(validateCodeError(badRequest)).toEqual({ text: 'Invalid code', invalidCode: true });
    expect(validateCodeError(new UnauthorisedError('x', { ...ctx, status: 401 })).text).toBe(
      'Invalid code',
    );
    expect(validateCodeError(new ServerError('x', { ...ctx, status: 500 })).invalidCode).toBe(true);
  });
  it("otherwise the error's message shows", () => {
    expect(
      validateCodeError(new ServerError('[INTERNAL SERVER ERROR]', { ...ctx, status: 503 })),
    ).toEqual({ text: '[INTERNAL SERVER ERROR]', invalidCode: false });
    expect(validateCodeError(new TypeError('Failed to fetch')).text).toBe('Failed to fetch');
  });
});
