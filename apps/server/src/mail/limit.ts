import { rateLimitedText } from '@pando/domain';
import type { FastifyInstance } from 'fastify';
import type { ServerEvents } from '../events.js';
import { HttpError } from '../http/errors.js';

/**
 * A sliding-window budget per user, in this process's memory: the server is one process (the
 * embedded chat server lives in it), and a restart giving everyone a fresh budget is harmless for
 * what it guards (emails people send themselves files with). Old entries go as users return.
 */
export class PerUserLimit {
  private readonly sent = new Map<number, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  clear(): void {
    this.sent.clear();
  }

  /** Spends one of the user's budget, or throws 429 with Retry-After naming when it refills. */
  take(userId: number, what: string): void {
    const now = this.now().getTime();
    const recent = (this.sent.get(userId) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.limit) {
      const seconds = Math.max(1, Math.ceil(((recent[0] ?? now) + this.windowMs - now) / 1000));
      this.sent.set(userId, recent);
      throw new HttpError(429, rateLimitedText(what, seconds), undefined, 'RATE_LIMITED', {
        'Retry-After': String(seconds),
      });
    }
    recent.push(now);
    this.sent.set(userId, recent);
  }
}

const fileEmailLimits = new WeakMap<ServerEvents, PerUserLimit>();

/**
 * The budget for emailing files (FILE_EMAIL_LIMIT_PER_USER per FILE_EMAIL_LIMIT_WINDOW_MINUTES),
 * one per app (keyed by its event bus, as the caches are): every route that mails a stored file
 * to an address spends from it.
 */
export function fileEmailLimit(app: FastifyInstance): PerUserLimit {
  let limit = fileEmailLimits.get(app.events);
  if (!limit) {
    const { config } = app;
    limit = new PerUserLimit(
      config.fileEmailLimit.perUser,
      config.fileEmailLimit.windowMs,
      config.now,
    );
    fileEmailLimits.set(app.events, limit);
    const made = limit;
    app.events.on('database:restored', () => {
      made.clear();
    });
  }
  return limit;
}
