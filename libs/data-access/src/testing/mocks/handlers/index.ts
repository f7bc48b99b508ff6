import type { HttpHandler } from 'msw';
import type { MockBackend } from '../backend';
import { adminHandlers } from './admin';
import { adviceHandlers } from './advice';
import { analyticsHandlers } from './analytics';
import { auditHandlers } from './audit';
import { authHandlers } from './auth';
import { mediaHandlers } from './media';
import { patientHandlers } from './patients';
import { searchHandlers } from './search';
import { formHandlers } from './forms';
import { teamHandlers } from './teams';
import { userHandlers } from './users';

/**
 * Every spec 01 §7 endpoint over one backend. Order matters where paths overlap: the advice
 * history (`/teams/advice-conversations`) precedes `/teams/:id`, `/users/statuses` precedes
 * `/users/:id`. Spec 02's admin, analytics and forms handlers will be appended here.
 */
export function createHandlers(backend: MockBackend): HttpHandler[] {
  return [
    ...authHandlers(backend),
    ...userHandlers(backend),
    ...adviceHandlers(backend),
    ...teamHandlers(backend),
    ...searchHandlers(backend),
    ...patientHandlers(backend),
    ...mediaHandlers(backend),
    ...formHandlers(backend),
    ...adminHandlers(backend),
    ...analyticsHandlers(backend),
    ...auditHandlers(backend),
  ];
}
