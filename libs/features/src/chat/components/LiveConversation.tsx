import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconChecks, IconFile, IconPhoto } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import {
  fileUrl,
  useChatStore,
  useConversation,
  useDeliveryStates,
  useHttpClient,
  useUploadProgress,
  type ChatFile,
} from '@pando/data-access';
import {
  adviceSystemLine,
  COMPOSER_MAX_ROWS,
  decodeMessageBody,
  messageSender,
  messageTime,
  userJid,
  bareJid as bareJidOf,
  partitionBySize,
  TEXTS,
  visibleMessages,
  type ChatMessage,
} from '@pando/domain';
import { useViewer } from '../../auth/SessionGate';
import { useAppServices } from '../../shell/services/AppServices';
import type { ConversationTarget } from '../runtime/ChatRuntime';

const DELIVERY_LABEL: Record<string, string> = {
  queued: 'queued',
  sending: 'sending',
  stored: 'sent',
  received: 'received',
  displayed: 'displayed',
  failed: 'not sent',
};

function MessageBody({ message }: { message: ChatMessage }) {
  const http = useHttpClient();
  const { content } = decodeMessageBody(message.subject, message.body ?? '');
  switch (content.kind) {
    case 'text':
    case 'form':
      return (
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content.text}</Text>
      );
    case 'reply':
      return (
        <Stack gap={4}>
          <Box
            component="blockquote"
            m={0}
            pl="xs"
            style={{ borderInlineStart: '3px solid var(--mantine-color-gray-5)' }}
          >
            <Text size="xs" fw={600}>
              {content.quoted.senderName}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {content.quoted.text}
            </Text>
          </Box>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{content.text}</Text>
        </Stack>
      );
    case 'image':
      return (
        <Anchor
          href={http.url(`/images/chat/${encodeURIComponent(content.imageId)}`)}
          target="_blank"
        >
          <img
            src={http.url(`/images/chat/${encodeURIComponent(content.imageId)}`, {
              thumbnail: true,
            })}
            alt={content.filename ?? 'Image'}
            style={{ maxWidth: 150, maxHeight: 150, display: 'block' }}
          />
        </Anchor>
      );
    case 'imagePlaceholder':
      return <Text c="dimmed">{TEXTS.loadingImage}</Text>;
    case 'file':
      return (
        <Anchor href={fileUrl(http, content.file.id)} target="_blank" rel="noopener">
          <Group gap={4} wrap="nowrap">
            <IconFile size={16} aria-hidden />
            <span style={{ overflowWrap: 'anywhere' }}>{content.file.filename}</span>
          </Group>
        </Anchor>
      );
    case 'patientCard':
      return <Text>Patient card: {content.card.card_title}</Text>;
    case 'adviceResolution':
      return null;
    case 'malformed':
      return <Text c="dimmed">{TEXTS.messageProblem}</Text>;
  }
}

/**
 * The live conversation: history (older pages on demand), messages with their delivery state,
 * replies, images and files with the 25 MB check, mark as read and scroll to bottom. Enter sends;
 * Shift+Enter starts a new line.
 */
export function LiveConversation({
  address,
  kind,
  name,
  id,
  teamId,
  isMember,
}: ConversationTarget) {
  const store = useChatStore();
  const conversation = useConversation(address);
  const delivery = useDeliveryStates();
  const uploads = useUploadProgress();
  const viewer = useViewer();
  const { notifications } = useAppServices();
  const [text, setText] = useState('');
  const [quoted, setQuoted] = useState<ChatMessage | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const messages = visibleMessages(conversation.messages);
  const { chatDomain } = useAppServices();
  const myJid = userJid(viewer.uuid, chatDomain);

  // The store needs the REST ids of the open conversation for image/file shares and forum joins,
  // also for a direct chat the inbox has never seen.
  useEffect(() => {
    store.registerConversations([
      {
        address,
        kind,
        name,
        ...(id === undefined ? {} : { id }),
        ...(teamId === undefined ? {} : { teamId }),
        ...(isMember === undefined ? {} : { isMember }),
      },
    ]);
  }, [store, address, kind, name, id, teamId, isMember]);

  useEffect(() => {
    store.openConversation(address);
    void store.loadInitial(address);
    return () => {
      store.openConversation(null);
    };
  }, [store, address]);

  const count = messages.length;
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
  }, [count]);

  const scrollToBottom = () => {
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
  };

  const send = () => {
    const body = text.trim();
    if (body === '') return;
    const sending = quoted ? store.sendReply(address, body, quoted) : store.sendText(address, body);
    setText('');
    setQuoted(null);
    sending.catch(() => {
      // The store has already shown the failure (spec 01 §8 "Failed send: error notification").
    });
  };

  const attach = (files: FileList | null, as: 'image' | 'file') => {
    const { accepted, rejected } = partitionBySize([...(files ?? [])]);
    for (const { message } of rejected) notifications.notify({ kind: 'error', message });
    for (const file of accepted as ChatFile[]) {
      const sending =
        as === 'image' ? store.sendImage(address, file) : store.sendFile(address, file);
      sending.catch(() => undefined);
    }
  };

  const canLoadMore = conversation.loading.state !== 'fetchedAll' && count > 0;
  return (
    <Stack gap={0} h="100%">
      <Group justify="flex-end" gap="xs" px="md" py={4}>
        <Tooltip label="Mark as read">
          <ActionIcon
            variant="subtle"
            aria-label="Mark as read"
            onClick={() => {
              store.markRead(address);
            }}
          >
            <IconChecks size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Scroll to the latest message">
          <ActionIcon
            variant="subtle"
            aria-label="Scroll to the latest message"
            onClick={scrollToBottom}
          >
            <IconArrowDown size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ScrollArea viewportRef={viewport} style={{ flex: 1 }} px="md">
        <Stack gap="xs" py="sm" role="log" aria-label="Messages" aria-live="polite">
          {canLoadMore ? (
            <Center>
              <Button
                size="xs"
                variant="subtle"
                loading={conversation.loading.state === 'fetchingMore'}
                onClick={() => {
                  store.loadMore(address);
                }}
              >
                Load older messages
              </Button>
            </Center>
          ) : null}
          {conversation.loading.state === 'fetchedAll' ? (
            <Text size="xs" c="dimmed" ta="center">
              {TEXTS.beginningOfConversation}
            </Text>
          ) : null}
          {messages.map((message) => {
            const decoded = decodeMessageBody(message.subject, message.body ?? '').content;
            const sender = message.displayNames?.sender ?? '';
            if (decoded.kind === 'adviceResolution') {
              return (
                <Text key={message.id} size="sm" c="dimmed" ta="center" fs="italic">
                  {adviceSystemLine(decoded.action, sender)}
                </Text>
              );
            }
            const mine = bareJidOf(messageSender(message)) === myJid;
            const state = delivery[message.id];
            const progress = uploads[message.id];
            return (
              <Paper
                key={message.id}
                p="xs"
                withBorder
                maw="80%"
                ml={mine ? 'auto' : 0}
                data-message-id={message.id}
              >
                <Group justify="space-between" gap="md" wrap="nowrap">
                  <Text size="xs" fw={600}>
                    {sender}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dayjs(messageTime(message)).format('D MMM HH:mm')}
                  </Text>
                </Group>
                <MessageBody message={message} />
                <Group justify="space-between" gap="xs">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => {
                      setQuoted(message);
                    }}
                    aria-label={`Reply to ${sender}`}
                  >
                    Reply
                  </Button>
                  {progress !== undefined && progress < 1 ? (
                    <Text size="xs" c="dimmed">
                      Uploading {Math.round(progress * 100)}%
                    </Text>
                  ) : null}
                  {state ? (
                    <Text size="xs" c="dimmed" data-delivery={state}>
                      {DELIVERY_LABEL[state]}
                    </Text>
                  ) : null}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </ScrollArea>
      <Box
        component="form"
        p="sm"
        style={{ borderBlockStart: '1px solid var(--mantine-color-default-border)' }}
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        {quoted ? (
          <Group justify="space-between" mb={4} wrap="nowrap">
            <Text size="sm" c="dimmed" lineClamp={1}>
              Replying to {quoted.displayNames?.sender}: {quoted.body}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                setQuoted(null);
              }}
            >
              Cancel reply
            </Button>
          </Group>
        ) : null}
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Send an image"
            onClick={() => imageInput.current?.click()}
          >
            <IconPhoto size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Attach a file"
            onClick={() => fileInput.current?.click()}
          >
            <IconFile size={20} aria-hidden />
          </ActionIcon>
          <input
            ref={imageInput}
            type="file"
            accept="image/*"
            hidden
            aria-label="Image to send"
            onChange={(event) => {
              attach(event.currentTarget.files, 'image');
              event.currentTarget.value = '';
            }}
          />
          <input
            ref={fileInput}
            type="file"
            hidden
            aria-label="File to send"
            data-testid={`file-input-${kind}`}
            onChange={(event) => {
              attach(event.currentTarget.files, 'file');
              event.currentTarget.value = '';
            }}
          />
          <Textarea
            aria-label="Message"
            placeholder="Write a message"
            autosize
            minRows={1}
            maxRows={COMPOSER_MAX_ROWS}
            style={{ flex: 1 }}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                send();
              }
            }}
          />
          <Button type="submit">Send</Button>
        </Group>
      </Box>
    </Stack>
  );
}
