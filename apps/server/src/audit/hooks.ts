import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseTx } from '../db/client.js';
import { type AuditEvent, appendAudit } from './chain.js';
import { AuditTrail } from './trail.js';

/**
 * What a route records in the audit trail, declared beside its access rule (`config.audit`):
 * one hook (`registerAuditHooks`) records every call of a declared route, allowed or refused,
 * so a route is covered by its declaration, not by a call someone must remember.
 */
export interface AuditDeclaration {
  /** What was done, e.g. `card.read`, `card.update`, `admin.user.block`. */
  action: string;
  /** The kind of resource: `card`, `patient`, `patient_image`, `user`, … */
  resource: string;
  /**
   * A change: the handler appends the event inside its transaction (`auditChange`); when it did
   * not, the hook writes it before the answer leaves. Reads and refusals are batched.
   */
  change?: true;
  /**
   * A read of patient data that an open screen repeats (a card refetches every 5 s): an allowed
   * call is recorded once per AUDIT_READ_REPEAT_SECONDS per session, user, action, resource and
   * outcome (`AuditTrail.recordRead`). Never on a change, export, email, login or admin action.
   */
  read?: true;
  /** Where the resource id is: a URL parameter (default `id`) or a query field; `null`: none. */
  id?: { param: string } | { query: string } | null;
  /** Recorded even without a logged-in caller (a failed login). */
  anonymous?: true;
  /**
   * Body fields copied into the event's detail (an invitation's email, a block). A change's
   * detail also lists the names of the body fields sent (`fields`), and `self: true` when the
   * `user_ids` / `members` it names include the actor (an admin adding themselves to a team).
   */
  body?: readonly string[];
}

/** Who acted: the caller's user row (or, for a login, the person logging in). */
export interface AuditActor {
  id: number;
  access_level: string;
  hospital_id: number | null;
  network_id: number | null;
}

/** What only the handler knows, added to the event the hook records. */
export interface AuditNote {
  resourceId?: string | number | null;
  patientId?: number | null;
  detail?: Record<string, unknown>;
  actor?: AuditActor;
  sessionId?: number;
  /** Another action than the declared one (a PATCH that blocked rather than transferred). */
  action?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditDeclaration;
  }
  interface FastifyInstance {
    audit: AuditTrail;
  }
  interface FastifyRequest {
    auditNote: AuditNote | null;
    /** The event was written (by `auditChange`); the hook leaves it. */
    auditRecorded: boolean;
  }
}

const USER_AGENT_MAX = 300;

/** Adds what the handler knows to the event of this request. */
export function auditNote(req: FastifyRequest, note: AuditNote): void {
  const prev = req.auditNote ?? {};
  req.auditNote = {
    ...prev,
    ...note,
    ...(note.detail || prev.detail ? { detail: { ...prev.detail, ...note.detail } } : {}),
  };
}

const asNumber = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? n : null;
};

/** The patient a request's resource belongs to, from what the access guard loaded or the URL. */
function patientOf(req: FastifyRequest, decl: AuditDeclaration): number | null {
  const s = req.scoped;
  if (s?.card) return s.card.card.patient_id ?? null;
  if (s?.patient) return s.patient.patient.id;
  if (s?.patientImage) return s.patientImage.patient_id;
  const params = (req.params ?? {}) as Record<string, unknown>;
  const query = (req.query ?? {}) as Record<string, unknown>;
  if (decl.resource === 'patient') return asNumber(params.id);
  if (decl.resource === 'patient_images') return asNumber(query.patient_id);
  return null;
}

function resourceIdOf(req: FastifyRequest, decl: AuditDeclaration): string | null {
  if (decl.id === null) return null;
  const from = decl.id ?? { param: 'id' };
  const source = (('param' in from ? req.params : req.query) ?? {}) as Record<string, unknown>;
  const value = source['param' in from ? from.param : from.query];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** The route's first declared success status (what a change that committed answers). */
function successStatus(req: FastifyRequest): number {
  const response = (req.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
  const ok = Object.keys(response).find((s) => /^2\d\d$/.test(s));
  return ok ? Number(ok) : 200;
}

/** The event of this request, with its outcome. */
function eventOf(req: FastifyRequest, decl: AuditDeclaration, status: number): AuditEvent | null {
  const note = req.auditNote ?? {};
  const actor: AuditActor | undefined = note.actor ?? req.auth?.user;
  if (!actor && !decl.anonymous) return null;
  const agent = req.headers['user-agent'];
  return {
    at: req.server.config.now(),
    userId: actor?.id ?? null,
    sessionId: note.sessionId ?? req.auth?.sessionId ?? null,
    accessLevel: actor?.access_level ?? null,
    organisationId: actor?.hospital_id ?? null,
    networkId: actor?.network_id ?? null,
    clientIp: req.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null,
    action: note.action ?? decl.action,
    resourceType: decl.resource,
    resourceId:
      note.resourceId !== undefined
        ? note.resourceId === null
          ? null
          : String(note.resourceId)
        : resourceIdOf(req, decl),
    patientId: note.patientId !== undefined ? note.patientId : patientOf(req, decl),
    outcome: status < 400 ? 'allowed' : 'refused',
    status,
    detail: { ...bodyDetail(req, decl, actor?.id), ...note.detail },
  };
}

/** What the declaration says to keep of the body (never whole: it may hold clinical text). */
function bodyDetail(
  req: FastifyRequest,
  decl: AuditDeclaration,
  actorId: number | undefined,
): Record<string, unknown> {
  const body = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const b = body as Record<string, unknown>;
  const detail: Record<string, unknown> = {};
  for (const f of decl.body ?? []) if (b[f] !== undefined) detail[f] = b[f];
  if (decl.change) detail.fields = Object.keys(b).sort();
  const named = [b.user_ids, b.members].flat();
  if (actorId !== undefined && named.includes(actorId)) detail.self = true;
  return detail;
}

/**
 * Records this request's change inside the transaction that makes it: both commit or neither.
 * The route must declare `config.audit`; `note` adds what only the handler knows (a new id).
 */
export async function auditChange(
  req: FastifyRequest,
  tx: DatabaseTx,
  note: AuditNote = {},
): Promise<void> {
  const decl = req.routeOptions.config.audit;
  if (!decl) throw new Error(`no audit declaration on ${req.routeOptions.url ?? req.url}`);
  if (!req.server.config.audit.enabled) return;
  auditNote(req, note);
  const event = eventOf(req, decl, successStatus(req));
  if (!event) return;
  await appendAudit(tx, [event]);
  req.auditRecorded = true;
}

/**
 * The hook of the authenticated API scope: after the handler (or the refusal), the declared
 * event of every call, allowed or refused. Changes not yet recorded in their transaction are
 * written before the answer leaves; reads and refusals are queued (AuditTrail).
 */
export function registerAuditHooks(api: FastifyInstance): void {
  api.decorateRequest('auditNote', null);
  api.decorateRequest('auditRecorded', false);
  // AUDIT_TRAIL=off (the benchmark's baseline; refused in production): no request is recorded.
  if (!api.config.audit.enabled) return;
  api.addHook('onSend', async (req, reply, payload) => {
    const decl = req.routeOptions.config.audit;
    // A change recorded in its transaction is done; but when the answer is an error after all
    // (that transaction may have rolled back), the refusal is recorded too.
    if (!decl || (req.auditRecorded && reply.statusCode < 400)) return payload;
    req.auditRecorded = true;
    try {
      const event = eventOf(req, decl, reply.statusCode);
      if (!event) return payload;
      if (decl.change && event.outcome === 'allowed') await appendAudit(req.server.db, [event]);
      else if (decl.read && !decl.change) req.server.audit.recordRead(event);
      else req.server.audit.record(event);
    } catch (err) {
      req.log.error({ err }, 'audit trail: recording the request failed');
    }
    return payload;
  });
}

const DAY_MS = 86_400_000;

/**
 * `app.audit` (the batched writer) and retention: at start and daily, events older than
 * AUDIT_RETENTION_DAYS are removed (audit_expire, migration 1000). The queue is written on a
 * clean stop, before the database closes.
 */
export const auditPlugin = fp(
  (app: FastifyInstance, _opts: unknown, done: (err?: Error) => void) => {
    const trail = new AuditTrail(app.db, app.log, app.config.audit);
    app.decorate('audit', trail);
    app.events.on('database:restored', () => {
      trail.forgetReads();
    });
    let timer: NodeJS.Timeout | undefined;
    let expiring: Promise<unknown> = Promise.resolve();
    const expire = () => {
      expiring = expireAudit(app).catch((err: unknown) => {
        app.log.warn({ err }, 'audit trail: retention failed');
      });
    };
    app.addHook('onReady', (ready) => {
      expire();
      timer = setInterval(expire, DAY_MS);
      timer.unref();
      ready();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await expiring;
      await trail.flush();
    });
    app.addHook('onClose', async () => trail.close());
    done();
  },
  { name: 'audit', dependencies: ['core'] },
);

/** Removes the events older than the retention (whole runs per chain); returns how many. */
export async function expireAudit(app: FastifyInstance): Promise<number> {
  const before = new Date(app.config.now().getTime() - app.config.audit.retentionMs);
  const r = await app.db.query<{ removed: number }>('select audit_expire($1) as removed', [before]);
  return r.rows[0]?.removed ?? 0;
}
