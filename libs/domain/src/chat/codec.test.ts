import { describe, expect, it } from 'vitest';
import {
  decodeMessageBody,
  encodeMessageBody,
  formMessageText,
  messagePreview,
  parseFormMessage,
  type OutgoingContent,
} from './codec';
import { MESSAGE_SUBJECTS } from './constants';
import { TEXTS } from '../texts/texts';

const samples: OutgoingContent[] = [
  { kind: 'text', text: 'Hello, ward 7' },
  { kind: 'form', text: 'Form: Admission (v1.0)', title: 'Admission', version: '1.0' },
  { kind: 'image', imageId: '42', filename: 'xray.jpg' },
  { kind: 'image', imageId: '43' },
  { kind: 'imagePlaceholder', placeholderId: 'c-1', filename: 'xray.jpg' },
  { kind: 'imagePlaceholder', placeholderId: 'c-2' },
  { kind: 'file', file: { id: '9', filename: 'notes.pdf', size: 1234, type: 'application/pdf' } },
  {
    kind: 'patientCard',
    card: {
      card_id: 3,
      card_title: 'Bed 4',
      patient_dob: '1950-02-03',
      patient_gender: 'FEMALE',
      patient_identificator: 'NHS 123',
    },
  },
  { kind: 'reply', text: 'Yes', quoted: { id: 'm1', senderName: 'Bob Brown', text: 'Ready?' } },
  { kind: 'reply', text: 'Yes', quoted: { senderName: 'Bob Brown', text: 'Ready?' } },
  { kind: 'adviceResolution', action: 'ACCEPT' },
  { kind: 'adviceResolution', action: 'REJECT' },
  { kind: 'adviceResolution', action: 'RESOLVE' },
];

describe('message codec (spec 01 §3 subjects)', () => {
  it.each(samples.map((s) => [s.kind, s] as const))(
    'encodes and decodes %s losslessly',
    (_kind, content) => {
      const { subject, body } = encodeMessageBody(content);
      const decoded = decodeMessageBody(subject, body);
      expect(decoded.warning).toBeUndefined();
      expect(decoded.content).toEqual(content);
    },
  );

  it('uses the spec subjects and writes version 1 into JSON bodies', () => {
    const subjects = samples.map((s) => encodeMessageBody(s).subject);
    expect(new Set(subjects)).toEqual(
      new Set([
        'text/plain',
        'image/jpeg',
        'image/placeholder',
        'json/file',
        'json/card',
        'json/reply',
        'json/advice_resolution',
      ]),
    );
    const card = JSON.parse(encodeMessageBody(samples[7]!).body) as { version: number };
    expect(card.version).toBe(1);
    expect(encodeMessageBody({ kind: 'adviceResolution', action: 'RESOLVE' }).body).toBe(
      '{"version":1,"advice_resolution":{"action":"RESOLVE"}}',
    );
  });

  it('reads a missing subject as plain text, and a bare id as an image', () => {
    expect(decodeMessageBody(undefined, 'hi').content).toEqual({ kind: 'text', text: 'hi' });
    expect(decodeMessageBody(MESSAGE_SUBJECTS.IMAGE, '77').content).toEqual({
      kind: 'image',
      imageId: '77',
    });
    expect(
      decodeMessageBody(
        MESSAGE_SUBJECTS.FILE,
        '{"version":1,"file":{"id":5,"filename":"a","size":1,"type":"t"}}',
      ).content,
    ).toMatchObject({ kind: 'file', file: { id: '5' } });
  });

  it.each([
    [MESSAGE_SUBJECTS.REPLY, '{not json', 'body is not JSON'],
    [MESSAGE_SUBJECTS.REPLY, '{"version":1,"message":"x"}', 'invalid quoted_message'],
    [
      MESSAGE_SUBJECTS.PATIENT_CARD,
      '{"version":2,"patient_card":{"card_id":1,"card_title":"x"}}',
      'invalid version',
    ],
    [MESSAGE_SUBJECTS.PATIENT_CARD, 'null', 'invalid (body)'],
    [
      MESSAGE_SUBJECTS.ADVICE_RESOLUTION,
      '{"version":1,"advice_resolution":{"action":"DELETE"}}',
      'invalid advice_resolution.action',
    ],
    [
      MESSAGE_SUBJECTS.FILE,
      '{"version":1,"file":{"id":"1"}}',
      'invalid file.filename, file.size, file.type',
    ],
    [MESSAGE_SUBJECTS.IMAGE, '<img src=x onerror=alert(1)>', 'body is not JSON'],
    [MESSAGE_SUBJECTS.IMAGE_PLACEHOLDER, '{}', 'invalid version, placeholder'],
    ['application/x-unknown', 'x', 'unknown subject'],
  ])(
    'a malformed %s body decodes to a placeholder plus a warning, never throws',
    (subject, body, reason) => {
      const decoded = decodeMessageBody(subject, body);
      expect(decoded.content).toEqual({ kind: 'malformed', subject, reason });
      expect(decoded.warning).toContain(TEXTS.messageProblem);
      expect(decoded.warning).toContain(reason);
    },
  );

  it('never throws on hostile bodies', () => {
    const hostile = ['', '[]', '"x"', '1e999', '{"__proto__":{"polluted":1}}', '\u0000'];
    for (const subject of Object.values(MESSAGE_SUBJECTS)) {
      for (const body of hostile) {
        expect(() => decodeMessageBody(subject, body)).not.toThrow();
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('"Form: Title (vN)" parsing', () => {
  it('a chat message starting with "Form:" and a title with (v{version}) names the template', () => {
    expect(parseFormMessage('Form: Admission checklist (v1.0)')).toEqual({
      title: 'Admission checklist',
      version: '1.0',
    });
    expect(parseFormMessage('Form:Sepsis (v2) submitted by Alice')).toEqual({
      title: 'Sepsis',
      version: '2',
    });
    expect(parseFormMessage('Form: no version')).toBeNull();
    expect(parseFormMessage('My Form: X (v1)')).toBeNull();
    expect(decodeMessageBody('text/plain', formMessageText('Sepsis', '1.1')).content).toEqual({
      kind: 'form',
      text: 'Form: Sepsis (v1.1)',
      title: 'Sepsis',
      version: '1.1',
    });
  });
});

describe('previews', () => {
  it('summarises every kind in one line', () => {
    expect(messagePreview({ kind: 'text', text: 'hi' })).toBe('hi');
    expect(messagePreview({ kind: 'image', imageId: '1' })).toBe('Image');
    expect(messagePreview(samples[6]!)).toBe('File: notes.pdf');
    expect(messagePreview(samples[7]!)).toBe('Patient card: Bed 4');
    expect(messagePreview({ kind: 'adviceResolution', action: 'REJECT' })).toBe(
      'Conversation re-opened',
    );
    expect(messagePreview({ kind: 'malformed', subject: 'x', reason: 'y' })).toBe(
      TEXTS.messageProblem,
    );
  });
});
