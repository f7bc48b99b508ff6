import {
  ActionIcon,
  Alert,
  Box,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Progress,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import {
  CHAT_FILE_MIME_TYPES,
  CHAT_IMAGE_MIME_TYPES,
  COMPOSER_MAX_ROWS,
  partitionUploads,
  TEXTS,
} from '@pando/domain';
import { IconClipboardText, IconId, IconPaperclip, IconPhoto, IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';

export interface ComposerReply {
  senderName: string;
  text: string;
}

/** An image or file on its way to the server (spec 01 §2 "sending images and files with progress"). */
export interface ComposerUpload {
  id: string;
  /** What is uploading, e.g. the file name or "Image". */
  label: string;
  /** 0…1 */
  progress: number;
}

export interface ComposerProps {
  /** Sends the trimmed text. Empty or whitespace-only text is not sent (our decision; spec silent). */
  onSend: (text: string) => void;
  /** Opens the patient-card picker; the button is hidden in forums (spec 01 §6). */
  onSharePatientCard?: () => void;
  /** Receives chosen images within the 25 MB limit and of an allowed type. */
  onSendImages?: (files: File[]) => void;
  /** Receives chosen files within the 25 MB limit and of an allowed type. */
  onAttachFiles?: (files: File[]) => void;
  /**
   * Files refused before any upload (spec 01 §5): one message each, naming the file (over
   * 25 MB) or its type (not an image or PDF/Word document). The app shows them as notifications.
   */
  onRefuseFiles: (messages: string[]) => void;
  /** Opens the form picker (form_templates users). */
  onSelectForm?: () => void;
  /** Forum chats cannot receive patient cards. @default false */
  isForum?: boolean;
  /** Offline or disconnected: the reason shows; without `queuesOffline` nothing can be sent. @default false */
  offline?: boolean;
  /**
   * Text written offline is queued (the chat's durable outbox) and sent on reconnect: the text
   * area and Send stay usable and the notice says so. Images and files, which upload over the
   * network first, stay disabled. @default false
   */
  queuesOffline?: boolean;
  /** The message being replied to; shows a preview with a cancel button. */
  replyTo?: ComposerReply;
  /** Cancels the reply. */
  onCancelReply?: () => void;
  /** Initial text (drafts, stories). @default '' */
  defaultValue?: string;
  /** Uploads in progress, shown as progress bars above the text area. @default [] */
  uploads?: readonly ComposerUpload[];
}

/**
 * The chat composer (spec 01 §2, §5): share patient card, send image, attach file, select form;
 * a text area growing to 3 rows; Enter sends, Shift+Enter adds a line. The pickers offer only the
 * chat's types (domain CHAT_IMAGE_MIME_TYPES / CHAT_FILE_MIME_TYPES); files over 25 MB or of
 * another type are refused before upload through `onRefuseFiles`.
 */
export function Composer({
  onSend,
  onSharePatientCard,
  onSendImages,
  onAttachFiles,
  onRefuseFiles,
  onSelectForm,
  isForum = false,
  offline = false,
  queuesOffline = false,
  replyTo,
  onCancelReply,
  defaultValue = '',
  uploads = [],
}: ComposerProps) {
  const [text, setText] = useState(defaultValue);

  // Offline with a queue, text still goes (into the outbox); attachments never do offline.
  const textBlocked = offline && !queuesOffline;
  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || textBlocked) return;
    onSend(trimmed);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an IME is composing (Japanese, Chinese) confirms the word, not the message.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const pick = (
    files: File[],
    allowed: readonly string[],
    deliver: ((files: File[]) => void) | undefined,
  ) => {
    const { accepted, rejected } = partitionUploads(files, allowed);
    if (rejected.length > 0) onRefuseFiles(rejected.map((r) => r.message));
    if (accepted.length > 0) deliver?.(accepted);
  };

  const iconButton = (label: string, icon: ReactNode, onClick?: () => void) => (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        onClick={onClick}
        disabled={offline}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {offline ? (
        <Alert color="orange" variant="light" mb="xs" p="xs">
          <Text size="sm">{queuesOffline ? TEXTS.offlineQueued : TEXTS.offline}</Text>
        </Alert>
      ) : null}
      {uploads.map((upload) => (
        <Box key={upload.id} mb="xs">
          <Text size="xs" c="dimmed" aria-hidden>
            Uploading {upload.label}: {Math.round(upload.progress * 100)}%
          </Text>
          <Progress.Root size="sm">
            <Progress.Section
              value={Math.round(upload.progress * 100)}
              aria-label={`Uploading ${upload.label}`}
            />
          </Progress.Root>
        </Box>
      ))}
      {replyTo ? (
        <Paper withBorder p="xs" mb="xs" radius="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Box miw={0}>
              <Text size="xs" fw={700}>
                Replying to {replyTo.senderName}
              </Text>
              <Text size="xs" lineClamp={2} dir="auto">
                {replyTo.text}
              </Text>
            </Box>
            {onCancelReply ? (
              <CloseButton aria-label="Cancel reply" onClick={onCancelReply} />
            ) : null}
          </Group>
        </Paper>
      ) : null}
      <Group gap={4} wrap="nowrap" align="flex-end">
        {onSharePatientCard && !isForum
          ? iconButton('Share a patient card', <IconId size={20} aria-hidden />, onSharePatientCard)
          : null}
        {onSendImages ? (
          <FileButton
            onChange={(files) => {
              pick(files, CHAT_IMAGE_MIME_TYPES, onSendImages);
            }}
            accept={CHAT_IMAGE_MIME_TYPES.join(',')}
            multiple
            disabled={offline}
            inputProps={{ 'aria-label': 'Image to send' }}
          >
            {(props) =>
              iconButton('Send an image', <IconPhoto size={20} aria-hidden />, props.onClick)
            }
          </FileButton>
        ) : null}
        {onAttachFiles ? (
          <FileButton
            onChange={(files) => {
              pick(files, CHAT_FILE_MIME_TYPES, onAttachFiles);
            }}
            accept={CHAT_FILE_MIME_TYPES.join(',')}
            multiple
            disabled={offline}
            inputProps={{ 'aria-label': 'File to send' }}
          >
            {(props) =>
              iconButton('Attach a file', <IconPaperclip size={20} aria-hidden />, props.onClick)
            }
          </FileButton>
        ) : null}
        {onSelectForm
          ? iconButton('Select a form', <IconClipboardText size={20} aria-hidden />, onSelectForm)
          : null}
        <Textarea
          aria-label="Message"
          placeholder={
            offline
              ? queuesOffline
                ? 'Offline: sent when you are back online'
                : 'Offline'
              : 'Write a message'
          }
          autosize
          minRows={1}
          maxRows={COMPOSER_MAX_ROWS}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
          }}
          onKeyDown={onKeyDown}
          disabled={textBlocked}
          style={{ flex: 1 }}
        />
        <Tooltip label="Send">
          <ActionIcon
            size="lg"
            aria-label="Send"
            onClick={send}
            disabled={textBlocked || text.trim() === ''}
          >
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Box>
  );
}
