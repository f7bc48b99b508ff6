import { describe, expect, it } from 'vitest';
import { TEXTS } from '../texts/texts';
import { contentTypeRefusal, crossSiteRefusal, type RequestSite } from './contentType';

describe('contentTypeRefusal (CSRF: a call that changes data is JSON or a multipart upload)', () => {
  it('refuses a POST, PUT, PATCH or DELETE without a type, or as a form or plain text, with 403', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'delete'])
      for (const type of [null, '', 'text/plain', 'application/x-www-form-urlencoded'])
        expect(contentTypeRefusal(method, type)).toMatchObject({
          statusCode: 403,
          message: TEXTS.jsonContentTypeRequired,
          details: [{ path: 'content-type' }],
        });
  });

  it('takes JSON (with parameters, in any case) and multipart uploads', () => {
    expect(contentTypeRefusal('POST', 'application/json')).toBeUndefined();
    expect(contentTypeRefusal('DELETE', 'Application/JSON; charset=utf-8')).toBeUndefined();
    expect(contentTypeRefusal('POST', 'multipart/form-data; boundary=x')).toBeUndefined();
  });

  it('never asks a GET, HEAD or OPTIONS for a type', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(contentTypeRefusal(method, 'text/plain')).toBeUndefined();
  });
});

describe('crossSiteRefusal (CSRF: a call that changes data comes from our own site)', () => {
  const OURS = 'https://pando.example';
  const upload: RequestSite = {
    method: 'POST',
    contentType: 'multipart/form-data; boundary=x',
    origin: undefined,
    ownOrigin: OURS,
    secFetchSite: undefined,
    withCookies: true,
  };

  it('refuses a call that changes data from another Origin with 403, whatever its type', () => {
    for (const contentType of ['application/json', 'multipart/form-data; boundary=x'])
      for (const origin of ['https://evil.example', 'null', 'http://pando.example'])
        expect(crossSiteRefusal({ ...upload, contentType, origin })).toMatchObject({
          statusCode: 403,
          message: TEXTS.crossOriginRefused,
          details: [{ path: 'origin', message: `must be ${OURS}` }],
        });
    expect(crossSiteRefusal({ ...upload, origin: OURS })).toBeUndefined();
  });

  it('refuses an upload with cookies and no Origin that Sec-Fetch-Site says is from another site', () => {
    for (const secFetchSite of ['cross-site', 'same-site'])
      expect(crossSiteRefusal({ ...upload, secFetchSite })).toMatchObject({
        statusCode: 403,
        message: TEXTS.crossSiteUploadRefused,
        details: [{ path: 'sec-fetch-site' }],
      });
    for (const secFetchSite of ['same-origin', 'none', undefined, null])
      expect(crossSiteRefusal({ ...upload, secFetchSite })).toBeUndefined();
    // Without cookies there is no session to ride on; JSON needs CORS, never granted.
    expect(
      crossSiteRefusal({ ...upload, secFetchSite: 'cross-site', withCookies: false }),
    ).toBeUndefined();
    expect(
      crossSiteRefusal({ ...upload, contentType: 'application/json', secFetchSite: 'cross-site' }),
    ).toBeUndefined();
  });

  it('never asks a GET, HEAD or OPTIONS where it comes from', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(
        crossSiteRefusal({ ...upload, method, origin: 'https://evil.example' }),
      ).toBeUndefined();
  });
});
