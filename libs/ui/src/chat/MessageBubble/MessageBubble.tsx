import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import { adviceSystemLine, formatTime, type TimelineMessage } from '@pando/domain';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeliveryStatus, type DeliveryState } from '../DeliveryStatus';
import { MessageText } from '../MessageText';
import {
  FileView,
  FormView,
  ImageThumbnail,
  MalformedView,
  PatientCardView,
  ReplyView,
} from './ContentViews';
import type { MessageActions } from './messageActions';
import './MessageBubble.css';

export interface MessageBubbleProps {
  /** The message with its decoded content (from `buildTimeline`). */
  entry: TimelineMessage;
  /** The sender's display name (from the message's displayNames). */
  senderName: string;
  /** Sent by the signed-in user: aligned to the end, with a delivery state. */
  isOwn: boolean;
  /** First message of a group: shows the sender and time above it. @default true */
  showHeader?: boolean;
  /** Delivery state of an own message. */
  delivery?: DeliveryState;
  /** What the bubble can ask of the app. @default {} */
  actions?: MessageActions;
}

function Content({
  entry,
  actions,
}: {
  entry: TimelineMessage;
  actions: MessageActions;
}): ReactNode {
  const content = entry.decoded.content;
  switch (content.kind) {
    case 'text':
      return <MessageText text={content.text} />;
    case 'form':
      return <FormView content={content} actions={actions} />;
    case 'image':
      return <ImageThumbnail content={content} actions={actions} />;
    case 'imagePlaceholder':
      return (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Sending {content.filename ?? 'image'}…</Text>
        </Group>
      );
    case 'file':
      return <FileView content={content} actions={actions} />;
    case 'patientCard':
      return <PatientCardView content={content} actions={actions} />;
    case 'reply':
      return <ReplyView content={content} />;
    case 'adviceResolution':
      // Rendered as a system line by MessageBubble; kept here so the switch stays exhaustive.
      return null;
    case 'malformed':
      return <MalformedView />;
  }
}

/**
 * One chat message: every subject of the chat codec (spec 01 §3), an advice resolution as a
 * centred system line, a malformed body as the spec's placeholder.
 */
export function MessageBubble({
  entry,
  senderName,
  isOwn,
  showHeader = true,
  delivery,
  actions = {},
}: MessageBubbleProps) {
  const content = entry.decoded.content;
  const time = formatTime(new Date(entry.time));

  if (content.kind === 'adviceResolution') {
    return (
      <Text
        size="sm"
        c="dimmed"
        ta="center"
        py={6}
        px="md"
        fs="italic"
        dir="auto"
        data-message-id={entry.message.id}
      >
        <span>{adviceSystemLine(content.action, senderName)}</span> · <span>{time}</span>
      </Text>
    );
  }

  const { onReply, onRetrySend } = actions;
  return (
    <div
      className="pando-message"
      data-message-id={entry.message.id}
      {...(isOwn ? { 'data-own': true } : {})}
      {...(showHeader ? { 'data-header': true } : {})}
    >
      {showHeader ? (
        <div className="pando-message-header">
          <span className="pando-message-sender" dir="auto" title={senderName}>
            {isOwn ? 'You' : senderName}
          </span>
          <time className="pando-message-time" dateTime={new Date(entry.time).toISOString()}>
            {time}
          </time>
        </div>
      ) : null}
      <div className="pando-message-line">
        <div className="pando-message-bubble">
          <Content entry={entry} actions={actions} />
        </div>
        {onReply ? (
          <Tooltip label="Reply">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Reply to ${isOwn ? 'your message' : senderName}`}
              onClick={() => {
                onReply(entry);
              }}
            >
              <IconArrowBackUp size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </div>
      {isOwn && delivery ? (
        <div className="pando-message-delivery">
          <DeliveryStatus
            state={delivery}
            {...(onRetrySend
              ? {
                  onRetry: () => {
                    onRetrySend(entry.message.id);
                  },
                }
              : {})}
          />
        </div>
      ) : null}
    </div>
  );
}
