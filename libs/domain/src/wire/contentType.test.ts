import { describe, expect, it } from 'vitest';
import { TEXTS } from '../texts/texts';
import { contentTypeRefusal } from './contentType';

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
