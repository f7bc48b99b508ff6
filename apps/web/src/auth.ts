import { normaliseAuthCode, normaliseLoginEmail } from '@pando/domain';

/** Spec 01 §8 "Login" texts. TODO(web app issue): take them from the domain's text catalogue. */
const LOGIN_TEXT_INVALID_CODE = 'Invalid code';

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** POST /api/v4/auth: the server emails a one-time code. */
export async function requestLoginCode(email: string): Promise<void> {
  const response = await post('/api/v4/auth', { email: normaliseLoginEmail(email) });
  if (!response.ok) throw new Error(`Could not send the code (${response.status})`);
}

/** POST /api/v4/auth/validate?cookie=true: the server sets the session cookie. */
export async function validateLoginCode(code: string): Promise<void> {
  const response = await post('/api/v4/auth/validate?cookie=true', {
    authorization_code: normaliseAuthCode(code),
  });
  if (!response.ok) throw new Error(LOGIN_TEXT_INVALID_CODE);
}
