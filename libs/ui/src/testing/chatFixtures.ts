import { encodeMessageBody, type ChatMessage, type OutgoingContent } from '@pando/domain';
import { XSS_IMG, XSS_LINK } from './fixtures';

const DOMAIN = 'stelsewhere.example.org';
export const ALICE = `alice@${DOMAIN}`;
export const BOB = `bob@${DOMAIN}`;
const PRIYA = `priya@${DOMAIN}`;
const ROOM = `ward7@muclight.${DOMAIN}`;

const NAMES: Record<string, string> = {
  [ALICE]: 'Alice Morgan',
  [BOB]: 'Bob Okafor',
  [PRIYA]: 'Dr Priya Raman',
};

/** A fixed "now" so stories render the same dates every day: 14 March 2026, 10:30. */
export const STORY_NOW = new Date(2026, 2, 14, 10, 30);
const at = (daysAgo: number, h: number, m: number, s = 0) =>
  new Date(2026, 2, 14 - daysAgo, h, m, s).getTime();

let seq = 0;
/** A room message from `sender`, encoded with the domain codec like the real client. */
export function roomMessage(
  sender: string,
  content: OutgoingContent | { raw: { subject: string; body: string } },
  time: number,
  id = `m${++seq}`,
): ChatMessage {
  const encoded = 'raw' in content ? content.raw : encodeMessageBody(content);
  return {
    id,
    from: `${ROOM}/${sender}`,
    to: ROOM,
    type: 'groupchat',
    subject: encoded.subject,
    body: encoded.body,
    sent: { timestamp: time },
    displayNames: { sender: NAMES[sender] ?? sender, recipient: 'Ward 7 Team' },
  };
}

const text = (t: string): OutgoingContent => ({ kind: 'text', text: t });

/** A ward handover covering every subject the codec decodes. */
export function handoverConversation(): ChatMessage[] {
  seq = 0;
  return [
    roomMessage(BOB, text('Morning all. Night handover for Ward 7 below.'), at(1, 7, 58)),
    roomMessage(
      BOB,
      text('Bed 3: Mr Patel, NSTEMI day 2, troponin trending down, for angio today.'),
      at(1, 7, 58, 20),
    ),
    roomMessage(
      BOB,
      text('Bed 9: Mrs Evans, new AF overnight, rate controlled with bisoprolol.'),
      at(1, 7, 58, 50),
    ),
    roomMessage(
      ALICE,
      {
        kind: 'patientCard',
        card: {
          card_id: 4107,
          card_title: 'Mrs J. Evans – Bed 9',
          patient_dob: '1948-06-02',
          patient_gender: 'FEMALE',
          patient_identificator: 'NHS 943 476 5919',
        },
      },
      at(1, 8, 5),
    ),
    roomMessage(
      PRIYA,
      { kind: 'image', imageId: 'ecg-bed9', filename: 'ECG bed 9 0610.jpg' },
      at(1, 8, 12),
    ),
    roomMessage(
      PRIYA,
      { kind: 'image', imageId: 'xray-bed3', filename: 'CXR bed 3.jpg' },
      at(1, 8, 13),
    ),
    roomMessage(
      PRIYA,
      { kind: 'image', imageId: 'missing-photo', filename: 'wound bed 12.jpg' },
      at(1, 8, 14),
    ),
    roomMessage(
      BOB,
      {
        kind: 'file',
        file: {
          id: '88',
          filename: 'Cardiology discharge summary – Patel.pdf',
          size: 1_534_000,
          type: 'application/pdf',
        },
      },
      at(0, 8, 1),
    ),
    roomMessage(
      ALICE,
      {
        kind: 'form',
        text: 'Form: NEWS2 observation chart (v3)',
        title: 'NEWS2 observation chart',
        version: '3',
      },
      at(0, 8, 20),
    ),
    roomMessage(
      ALICE,
      {
        kind: 'form',
        text: 'Form: Falls risk assessment (v1)',
        title: 'Falls risk assessment',
        version: '1',
      },
      at(0, 8, 21),
    ),
    roomMessage(
      PRIYA,
      {
        kind: 'reply',
        text: 'Agreed, I will review her at 11 with the echo result.',
        quoted: {
          senderName: 'Bob Okafor',
          text: 'Bed 9: Mrs Evans, new AF overnight, rate controlled with bisoprolol.',
        },
      },
      at(0, 9, 2),
    ),
    roomMessage(
      BOB,
      { raw: { subject: 'json/card', body: '{"version":1,"patient_card":' } },
      at(0, 9, 10),
    ),
    roomMessage(PRIYA, { kind: 'adviceResolution', action: 'RESOLVE' }, at(0, 9, 30)),
    roomMessage(
      ALICE,
      text('Guideline for the AF: https://www.nice.org.uk/guidance/ng196.'),
      at(0, 10, 1),
    ),
    roomMessage(ALICE, text('Thanks, I have updated the board.'), at(0, 10, 1, 30)),
  ];
}

/** Messages whose text, names and file names are hostile; all must render as inert text. */
export function hostileConversation(): ChatMessage[] {
  seq = 100;
  const m = roomMessage(
    BOB,
    text(`${XSS_IMG} and ${XSS_LINK} and <a href="javascript:alert(1)">click</a>`),
    at(0, 9, 0),
  );
  const evilName = {
    ...roomMessage(BOB, text('Name check'), at(0, 9, 2)),
    displayNames: { sender: `${XSS_IMG} Bob`, recipient: 'Ward 7' },
  };
  return [
    m,
    evilName,
    roomMessage(
      BOB,
      {
        kind: 'file',
        file: { id: '9', filename: `${XSS_IMG}.pdf`, size: 2048, type: 'application/pdf' },
      },
      at(0, 9, 4),
    ),
    roomMessage(
      BOB,
      { kind: 'reply', text: XSS_LINK, quoted: { senderName: XSS_IMG, text: XSS_IMG } },
      at(0, 9, 6),
    ),
    roomMessage(
      BOB,
      { kind: 'patientCard', card: { card_id: 1, card_title: XSS_IMG } },
      at(0, 9, 8),
    ),
  ];
}

/** Right-to-left clinical messages (Arabic), mixed with English drug names. */
export function rightToLeftConversation(): ChatMessage[] {
  seq = 200;
  return [
    roomMessage(
      PRIYA,
      text('المريض في السرير ٩ يحتاج إلى تخطيط قلب كهربائي قبل الظهر.'),
      at(0, 9, 0),
    ),
    roomMessage(ALICE, text('تم إعطاء bisoprolol 2.5 mg الساعة الثامنة.'), at(0, 9, 3)),
  ];
}

const SNIPPETS = [
  'Obs stable, NEWS2 1.',
  'Bloods sent: FBC, U&E, CRP, troponin.',
  'Can someone review bed 12 – chest pain since 03:00?',
  'ECG done, no acute changes, uploaded to the record.',
  'Family updated by phone.',
  'Please chase the echo report for bed 4.',
  'Cannulated, IV fluids running at 125 ml/h.',
  'Discharge letter drafted, awaiting consultant sign-off.',
];

/**
 * `count` text messages from three people, 20–50 s apart with an eight-hour gap every 100,
 * ending at STORY_NOW: enough grouping and date changes to exercise the list.
 */
export function manyMessages(count: number): ChatMessage[] {
  const people = [ALICE, BOB, PRIYA];
  const out: ChatMessage[] = [];
  let time = STORY_NOW.getTime();
  for (let i = count - 1; i >= 0; i--) {
    // Runs of four from one person (grouped within 60 s), a quiet night every 100 messages.
    const sender = people[Math.floor(i / 4) % 3] ?? ALICE;
    const snippet = SNIPPETS[i % SNIPPETS.length] ?? 'Obs stable.';
    out.push(roomMessage(sender, text(`${snippet} (#${i + 1})`), time, `bulk-${i}`));
    time -= i % 100 === 0 ? 8 * 3_600_000 : 20_000 + ((i * 37) % 30) * 1000;
  }
  return out.reverse();
}
