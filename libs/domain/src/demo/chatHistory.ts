import { DEMO_ACCOUNTS } from './organisation';

/** One line of the demo chat history: in a team's room, or a direct message to a person. */
export interface DemoChatLine {
  /** Email of the sender (a DEMO_PEOPLE account). */
  from: string;
  /** A team's room by name, or a direct message to a person by email. */
  to: { room: string } | { person: string };
  minutesAgo: number;
  body: string;
}

/**
 * A few realistic lines for the demo: the Ward 7 Team room and an alice-bob direct message,
 * oldest first. The server seed stores them in the chat archive exactly as live messages.
 */
export const DEMO_CHAT_HISTORY: readonly DemoChatLine[] = [
  {
    from: DEMO_ACCOUNTS.bob,
    to: { room: 'Ward 7 Team' },
    minutesAgo: 190,
    body: 'Morning all, handover notes are on the board.',
  },
  {
    from: DEMO_ACCOUNTS.alice,
    to: { room: 'Ward 7 Team' },
    minutesAgo: 185,
    body: 'Thanks Bob. Bed 4 needs bloods repeated at 10.',
  },
  {
    from: DEMO_ACCOUNTS.bob,
    to: { room: 'Ward 7 Team' },
    minutesAgo: 120,
    body: 'Bloods for bed 4 sent, results due after lunch.',
  },
  {
    from: DEMO_ACCOUNTS.alice,
    to: { room: 'Ward 7 Team' },
    minutesAgo: 45,
    body: 'Ward round starts at 2 pm today.',
  },
  {
    from: DEMO_ACCOUNTS.alice,
    to: { person: DEMO_ACCOUNTS.bob },
    minutesAgo: 30,
    body: 'Could you review the discharge letter for bed 9?',
  },
  {
    from: DEMO_ACCOUNTS.bob,
    to: { person: DEMO_ACCOUNTS.alice },
    minutesAgo: 25,
    body: 'On it, will have it back to you in 20 minutes.',
  },
  {
    from: DEMO_ACCOUNTS.bob,
    to: { person: DEMO_ACCOUNTS.alice },
    minutesAgo: 4,
    body: 'Done, letter is signed off.',
  },
];
