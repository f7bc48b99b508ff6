import { HttpResponse } from 'msw';
import {
  cardAccess,
  type ApiError,
  type CardAccess,
  cardEditableFor,
  fieldError,
  patientAccess,
  validationError,
  TEXTS,
  textsWith,
} from '@pando/domain';
import type { z } from 'zod';
import type {
  MockAdviceConversation,
  MockBackend,
  MockPatientCard,
  MockTeam,
  MockUser,
} from '../backend';
import { SESSION_COOKIE } from '../backend';
import { versionOf } from './recordVersion';

/** The real server's error body (domain ApiErrorSchema): message, statusCode, details, internalCode. */
export function apiError(
  status: number,
  message: string,
  extra: { internalCode?: string; details?: { path: string; message: string }[] } = {},
) {
  return HttpResponse.json({ message, statusCode: status, ...extra }, { status });
}

/** The answer of an error body the domain built (`fieldError`, a `decide…` refusal). */
export const apiErrorOf = (error: ApiError) =>
  apiError(error.statusCode, error.message, {
    ...(Array.isArray(error.details) ? { details: error.details } : {}),
    ...(error.internalCode ? { internalCode: error.internalCode } : {}),
  });

/** A 400 naming one field (domain `fieldError`), thrown from a resolver. */
export function badField(path: string, message: string): never {
  return fail(apiErrorOf(fieldError(path, message)));
}

export const notFound = (what: string) => apiError(404, textsWith.notFound(what));
export const unauthorised = () => apiError(401, TEXTS.needLogin);

/** Thrown inside a resolver to answer with an error; `withErrors` turns it into the response. */
export class MockHttpError extends Error {
  constructor(readonly response: Response) {
    super('mock http error');
  }
}

export function fail(response: Response): never {
  throw new MockHttpError(response);
}

export async function parseBody<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : invalid(parsed.error);
}

type Query = Record<string, string>;

export function queryOf(request: Request): Query {
  return Object.fromEntries(new URL(request.url).searchParams);
}

export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const parsed = schema.safeParse(queryOf(request));
  return parsed.success ? parsed.data : invalid(parsed.error);
}

/** The 400 of input that failed a wire schema, as the server words it (domain `validationError`). */
export function invalid(error: z.ZodError): never {
  return fail(apiErrorOf(validationError(error)));
}

/** The request's session: its bearer token's if it sends one, else its cookie's (the server's order). */
export function sessionOf(backend: MockBackend, cookies: Record<string, string>, request: Request) {
  const bearer = request.headers.get('authorization')?.replace(/^Bearer /, '');
  return backend.session(cookies[SESSION_COOKIE], bearer);
}

export function requireUser(
  backend: MockBackend,
  cookies: Record<string, string>,
  request: Request,
): MockUser {
  const session = sessionOf(backend, cookies, request);
  return (session && backend.userById(session.user_id)) ?? fail(unauthorised());
}

export function embeds(request: Request): Set<string> {
  return new Set((new URL(request.url).searchParams.get('embed') ?? '').split(',').filter(Boolean));
}

export function wireUser(backend: MockBackend, user: MockUser, withHospital: boolean) {
  const hospital = backend.hospital(user.hospital_id);
  const network = backend.networkOf(user);
  return {
    id: user.id,
    uuid: user.uuid,
    first_name: user.first_name,
    last_name: user.last_name,
    status: user.status,
    email: user.email,
    access_level: user.access_level,
    hospital_id: user.hospital_id,
    hospital_uuid: hospital?.uuid ?? null,
    network_uuid: network?.uuid ?? null,
    network_id: network?.id ?? null,
    ...(withHospital && hospital
      ? {
          hospital: {
            id: hospital.id,
            uuid: hospital.uuid,
            name: hospital.name,
            network_id: hospital.network_id,
          },
        }
      : {}),
    features: user.features,
    premium_features: user.premium_features,
    role: user.role,
    speciality: user.speciality,
    gdpr_accepted: user.gdpr_accepted,
  };
}

export function wireTeam(team: MockTeam, viewer: MockUser) {
  return {
    id: team.id,
    name: team.name,
    mim_id: team.mim_id,
    user_ids: [...team.user_ids].sort((a, b) => a - b),
    discoverable: team.discoverable,
    auto_accept: team.auto_accept,
    public_data: team.public_data,
    member_of: team.user_ids.includes(viewer.id),
    modified_at: versionOf(team),
  };
}

const person = (user: MockUser | undefined) =>
  user ? { id: user.id, first_name: user.first_name, last_name: user.last_name } : null;

export function wireAdvice(backend: MockBackend, advice: MockAdviceConversation) {
  const team = backend.teamOfAdvice(advice);
  return {
    id: advice.id,
    mim_id: advice.mim_id,
    team_id: advice.team_id,
    team: team ? { id: team.id, name: team.name, public_data: team.public_data } : null,
    requestor_id: advice.requestor_id,
    requestor: person(backend.userById(advice.requestor_id)),
    requestor_resolved: advice.requestor_resolved,
    public_team_resolved: advice.public_team_resolved,
    resolver: advice.resolver_id === null ? null : person(backend.userById(advice.resolver_id)),
    modified_at: advice.modified_at,
    created_at: advice.created_at,
  };
}

export function wireCard(backend: MockBackend, card: MockPatientCard, viewer: MockUser) {
  const patient = backend.state.patients.find((p) => p.id === card.patient_id);
  const ward = backend.state.wards.find((w) => w.id === patient?.ward_id);
  return {
    id: card.id,
    title: card.title,
    subtitle: card.subtitle,
    patient_id: card.patient_id,
    patient: patient ? { ...patient, ward: ward ?? null, modified_at: versionOf(patient) } : null,
    users: card.user_ids
      .map((id) => backend.userById(id))
      .filter((u): u is MockUser => u !== undefined)
      .map((u) => ({ id: u.id, first_name: u.first_name, last_name: u.last_name })),
    teams: card.team_ids
      .map((id) => backend.team(id))
      .filter((t): t is MockTeam => t !== undefined)
      .map((t) => ({ id: t.id, name: t.name })),
    tasks: backend.state.tasks
      .filter((t) => t.patient_card_id === card.id)
      .sort((a, b) => a.order - b.order),
    created_at: card.created_at,
    modified_at: card.modified_at,
    editable: cardEditableFor(cardAccessOf(backend, card, viewer)),
  };
}

/**
 * What a viewer is to a card, and the access the domain's rule gives them (`cardAccess`, the
 * server's rule): creator, assignees and current members of assigned teams edit; people it was
 * shared with (directly, through a team they are in, or an advice conversation they take part
 * in) read; anybody else does not see it.
 */
export function cardAccessOf(
  backend: MockBackend,
  card: MockPatientCard,
  viewer: MockUser,
): CardAccess {
  return cardAccess({
    creator: card.created_by_id === viewer.id,
    assignee: card.user_ids.includes(viewer.id),
    assignedTeamMember: card.team_ids.some((id) => backend.inTeam(viewer, id)),
    sharedWith: backend.sharedWith(viewer, card.shared_with),
  });
}

/** A patient is seen (edited) through any of their cards (`patientAccess`). */
export function patientAccessOf(
  backend: MockBackend,
  patientId: number,
  viewer: MockUser,
): CardAccess {
  return patientAccess(
    backend.state.cards
      .filter((c) => c.patient_id === patientId)
      .map((c) => cardAccessOf(backend, c, viewer)),
  );
}
