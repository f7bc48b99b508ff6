import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** `__Host-` requires Secure, Path=/ and no Domain: only possible when PUBLIC_URL is https. */
export function sessionCookieName(config: Pick<Config, 'secure'>): string {
  return config.secure ? '__Host-pando_session' : 'pando_session';
}

export function challengeCookieName(config: Config): string {
  return config.secure ? '__Host-pando_login' : 'pando_login';
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.secure,
    // Browser-side lifetime matches the absolute session lifetime; the server enforces both.
    maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.secure,
  });
}

/** Binds POST /auth/validate to the browser that started the attempt (SameSite=Strict). */
export function setChallengeCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(challengeCookieName(config), token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.secure,
    maxAge: Math.floor(config.loginCodeMs / 1000),
  });
}

export function clearChallengeCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(challengeCookieName(config), {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.secure,
  });
}

export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const v = req.cookies[name];
  return typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : undefined;
}
