import { Anchor, Text } from '@mantine/core';
import { linkify } from './linkify';

export interface MessageTextProps {
  /** The message text, exactly as received. */
  text: string;
}

/**
 * Message text with safe links. Rendered as React text nodes (never as HTML); line breaks and
 * spaces are kept, long words and URLs wrap, and `dir="auto"` lets Arabic or Hebrew lines run
 * right to left.
 */
export function MessageText({ text }: MessageTextProps) {
  return (
    <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
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
    </Text>
  );
}
