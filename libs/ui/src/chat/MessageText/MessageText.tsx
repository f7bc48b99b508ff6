import { Anchor } from '@mantine/core';
import { linkify } from './linkify';
import './MessageText.css';

export interface MessageTextProps {
  /** The message text, exactly as received. */
  text: string;
}

/**
 * Message text with safe links. Rendered as React text nodes (never as HTML); line breaks and
 * spaces are kept, long words and URLs wrap, and `dir="auto"` lets Arabic or Hebrew lines run
 * right to left. A plain paragraph (MessageText.css), not Mantine's Text: one per message row,
 * and a conversation opens with a screen of them on a phone-class CPU (issue 16).
 */
export function MessageText({ text }: MessageTextProps) {
  return (
    <p className="pando-message-text" dir="auto">
      {linkify(text).map((part, i) =>
        part.kind === 'link' ? (
          <Anchor
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            inherit
            // Underlined and in the text colour: readable on both bubble colours, and the underline
            // (not colour) tells it apart (WCAG 1.4.1).
            style={{ color: 'inherit' }}
          >
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
