import { MAX_TEXT_BODY_LENGTH } from './constants';

/**
 * Whether the composer may send (spec 01 §5: "Whether an empty message is blocked: not shown").
 * Decision: empty or whitespace-only text is blocked (Enter does nothing), and text longer than
 * the body limit is refused rather than cut.
 */
export function canSendText(text: string): boolean {
  return text.trim() !== '' && text.length <= MAX_TEXT_BODY_LENGTH;
}

/** What is sent: the text without leading/trailing blank lines, inner spacing kept. */
export function composerText(text: string): string {
  return text.replace(/^\s*\n/, '').trimEnd();
}

export type ShareTarget =
  { kind: 'user'; id: number } | { kind: 'team'; id: number } | { kind: 'advice'; id: number };
