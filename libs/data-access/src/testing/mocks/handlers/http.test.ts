import { getResponse, http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { http } from './http';

/**
 * The mock backend's handlers filter by method and the fixed start of their path before MSW's
 * own match: they must answer exactly the requests MSW's own handlers answer, with the same
 * path parameters.
 */
const PATTERNS = [
  '*/api/v4/teams/:id',
  '*/api/v4/teams/:teamId/members/:userId',
  '*/api/v4/teams/advice-conversations',
  '*/api/v4/users/statuses',
  '*/api/v4/admin/users',
] as const;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const REQUESTS: [string, string][] = [
  ['GET', 'http://localhost/api/v4/teams/7'],
  ['get', 'http://localhost/api/v4/teams/7'],
  ['POST', 'http://localhost/api/v4/teams/7'],
  ['GET', 'http://localhost/api/v4/teams/7/'],
  ['GET', 'http://localhost/api/v4/teams/7?page=2'],
  ['GET', 'https://pando.example:8443/api/v4/teams/advice-conversations'],
  ['DELETE', 'http://localhost/api/v4/teams/7/members/12'],
  ['PUT', 'http://localhost/api/v4/teams/7/members/12'],
  ['GET', 'http://localhost/API/V4/TEAMS/7'],
  ['GET', 'http://localhost/api/v4/users/statuses'],
  ['PATCH', 'http://localhost/api/v4/admin/users'],
  ['GET', 'http://localhost/api/v4/admin/users/3'],
  ['GET', 'http://localhost/api/v5/teams/7'],
  ['GET', 'http://localhost/other/api/v4/teams/7'],
];

async function answer(
  handler: ReturnType<typeof mswHttp.get>,
  [method, url]: [string, string],
): Promise<string> {
  const response = await getResponse([handler], new Request(url, { method }));
  return response ? await response.text() : 'not answered';
}

describe("the mock backend's routed handlers", () => {
  it('answer exactly what MSW’s own handlers answer, with the same parameters', async () => {
    const differences: string[] = [];
    let answered = 0;
    for (const pattern of PATTERNS) {
      for (const method of METHODS) {
        const resolver = ({ params }: { params: Record<string, unknown> }) =>
          HttpResponse.text(`${method} ${JSON.stringify(params)}`);
        for (const request of REQUESTS) {
          const ours = await answer(http[method](pattern, resolver), request);
          const theirs = await answer(mswHttp[method](pattern, resolver), request);
          if (ours !== theirs) differences.push(`${request.join(' ')} vs ${pattern}`);
          if (ours !== 'not answered') answered += 1;
        }
      }
    }
    expect(differences).toEqual([]);
    // The table reaches both sides of each decision.
    expect(answered).toBeGreaterThan(5);
  });
});
