import {
  ActionIcon,
  Alert,
  Box,
  CloseButton,
  Group,
  Menu,
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
import {
  IconClipboardText,
  IconId,
  IconPaperclip,
  IconPhoto,
  IconPlus,
  IconSend,
  type Icon,
} from '@tabler/icons-react';
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { LAYOUT } from '../../shell/layout/layoutRules';

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

/** One way to add something to the conversation besides text. */
interface Attachment {
  label: string;
  icon: Icon;
  run: () => void;
}

/**
 * The chat composer (spec 01 §2, §5): share patient card, send image, attach file, select form;
 * a text area growing to 3 rows; Enter sends, Shift+Enter adds a line. On a desktop (from
 * `LAYOUT.panelInlineFrom`) the four attachments are icon buttons beside the text area; below, where
 * every button is a 44 px touch target, they sit behind one "Attachments" button (a menu, as
 * messaging apps do), so the message field keeps most of the width (at 390 px: 126 px beside four
 * buttons before, about 270 px now). The pickers offer only the
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

  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pick = (
    event: ChangeEvent<HTMLInputElement>,
    allowed: readonly string[],
    deliver: ((files: File[]) => void) | undefined,
  ) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // The same file can be chosen again (after a refusal, or to send it twice).
    event.currentTarget.value = '';
    const { accepted, rejected } = partitionUploads(files, allowed);
    if (rejected.length > 0) onRefuseFiles(rejected.map((r) => r.message));
    if (accepted.length > 0) deliver?.(accepted);
  };

  const attachments: Attachment[] = [
    ...(onSharePatientCard && !isForum
      ? [{ label: 'Share a patient card', icon: IconId, run: onSharePatientCard }]
      : []),
    ...(onSendImages
      ? [{ label: 'Send an image', icon: IconPhoto, run: () => imageInput.current?.click() }]
      : []),
    ...(onAttachFiles
      ? [{ label: 'Attach a file', icon: IconPaperclip, run: () => fileInput.current?.click() }]
      : []),
    ...(onSelectForm
      ? [{ label: 'Select a form', icon: IconClipboardText, run: onSelectForm }]
      : []),
  ];

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
      {onSendImages ? (
        <input
          ref={imageInput}
          type="file"
          hidden
          multiple
          accept={CHAT_IMAGE_MIME_TYPES.join(',')}
          aria-label="Image to send"
          disabled={offline}
          onChange={(event) => {
            pick(event, CHAT_IMAGE_MIME_TYPES, onSendImages);
          }}
        />
      ) : null}
      {onAttachFiles ? (
        <input
          ref={fileInput}
          type="file"
          hidden
          multiple
          accept={CHAT_FILE_MIME_TYPES.join(',')}
          aria-label="File to send"
          disabled={offline}
          onChange={(event) => {
            pick(event, CHAT_FILE_MIME_TYPES, onAttachFiles);
          }}
        />
      ) : null}
      <Group gap={4} wrap="nowrap" align="flex-end">
        {attachments.length > 0 ? (
          <>
            <Group gap={4} wrap="nowrap" visibleFrom={LAYOUT.panelInlineFrom}>
              {attachments.map(({ label, icon: AttachmentIcon, run }) => (
                <Tooltip key={label} label={label}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={label}
                    onClick={run}
                    disabled={offline}
                  >
                    <AttachmentIcon size={20} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ))}
            </Group>
            <Box hiddenFrom={LAYOUT.panelInlineFrom}>
              <Menu position="top-start" withinPortal withInitialFocusPlaceholder={false}>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label="Attachments"
                    disabled={offline}
                  >
                    <IconPlus size={20} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {attachments.map(({ label, icon: AttachmentIcon, run }) => (
                    <Menu.Item
                      key={label}
                      leftSection={<AttachmentIcon size={18} aria-hidden />}
                      onClick={run}
                      mih={LAYOUT.touchTarget}
                    >
                      {label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Box>
          </>
        ) : null}
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
          style={{ flex: 1, minWidth: 0 }}
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
