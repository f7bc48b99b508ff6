import { Box, Stack } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  fileUrl,
  useChatStore,
  useChatOffline,
  useChatUnreachable,
  useConversation,
  useDeliveryStates,
  useHttpClient,
  useLastActive,
  useUnreadCount,
  useUploadProgress,
  type ChatStore,
  type ChatFile,
} from '@pando/data-access';
import {
  buildTimeline,
  decodeMessageBody,
  messagePreview,
  pathOf,
  timelineWarnings,
  userJid,
  uploadsEndpoints,
  type ChatMessage,
  type FileShare,
  type MessageLoading,
} from '@pando/domain';
import {
  ChatHeader,
  Composer,
  ImageViewer,
  MessageList,
  type ComposerUpload,
  type HistoryState,
  type ImageState,
  type MessageActions,
  type MessageListHandle,
} from '@pando/ui';
import { useViewer } from '../../common/viewer';
import { useChatForms } from '../../forms/chat/useChatForms';
import { useShareCardIntoChat } from '../../patients/components/ShareCardIntoChat';
import { useAppServices } from '../../common/AppServices';
import { useLastActiveLabel } from '../hooks/useLastActiveLabel';
import { useChatHeaderLayout } from './ChatFrame';
import { useFileActions } from './FileActions';
import { useFullImage } from './useFullImage';
import type { ConversationChrome, ConversationTarget } from './conversationTarget';

/** The store's message-loading machine (spec 01 §4) as the list's history states. */
function historyOf(loading: MessageLoading): HistoryState {
  switch (loading.state) {
    case 'fetched':
      return 'fetched';
    case 'fetchingMore':
      return 'fetchingMore';
    case 'fetchedAll':
      return 'fetchedAll';
    default:
      return 'fetching';
  }
}

/**
 * Issue 37: with no network no archive page can come. What the offline copy holds shows without
 * a spinner above it that never ends (nor a claim that it is the beginning), and reaching the top
 * asks for nothing until the network is back. A conversation the copy does not hold keeps the
 * loading state it has.
 */
function offlineHistory(conversation: {
  loading: MessageLoading;
  messages: readonly unknown[];
}): HistoryState {
  const shown = historyOf(conversation.loading);
  if (conversation.messages.length === 0 || shown === 'fetchedAll') return shown;
  return 'fetched';
}

const noOlderOffline = () => undefined;

/** The text a reply quotes: what the person saw (the domain's preview), not the wire encoding. */
function quotedText(message: ChatMessage): string {
  return messagePreview(decodeMessageBody(message.subject, message.body ?? '').content);
}

/**
 * Chat images: thumbnails load straight from the API (the session cookie authorises them); a
 * thumbnail that fails shows the broken-image button, and a click retries with a fresh URL.
 */
function useChatImages(onFileAction: (file: FileShare, kind: 'image') => void) {
  const http = useHttpClient();
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [attempts, setAttempts] = useState<Readonly<Record<string, number>>>({});
  const [open, setOpen] = useState<{ imageId: string; filename?: string } | null>(null);
  const src = useCallback(
    (imageId: string, thumbnail: boolean) => {
      const attempt = attempts[imageId];
      return http.url(pathOf(uploadsEndpoints.chatImage, { id: imageId }), {
        ...(thumbnail ? { thumbnail: true } : {}),
        ...(attempt ? { attempt } : {}),
      });
    },
    [http, attempts],
  );
  const actions = useMemo<MessageActions>(
    () => ({
      getImage: (imageId): ImageState =>
        failed.has(imageId) ? { status: 'failed' } : { status: 'loaded', src: src(imageId, true) },
      onImageError: (imageId) => {
        setFailed((current) => new Set(current).add(imageId));
      },
      onRetryImage: (imageId) => {
        setAttempts((current) => ({ ...current, [imageId]: (current[imageId] ?? 0) + 1 }));
        setFailed((current) => {
          const next = new Set(current);
          next.delete(imageId);
          return next;
        });
      },
      onOpenImage: (imageId, filename) => {
        setOpen({ imageId, ...(filename ? { filename } : {}) });
      },
    }),
    [failed, src],
  );
  const { image: full, bytes } = useFullImage(open?.imageId ?? null);
  const viewer = (
    <ImageViewer
      opened={open !== null}
      onClose={() => {
        setOpen(null);
      }}
      image={full}
      {...(open?.filename ? { title: open.filename } : {})}
      {...(open && bytes
        ? {
            onFileAction: () => {
              setOpen(null);
              onFileAction(
                {
                  id: open.imageId,
                  filename: open.filename ?? 'image',
                  size: bytes.size,
                  type: bytes.type,
                },
                'image',
              );
            },
          }
        : {})}
    />
  );
  return { actions, viewer };
}

function sendAll(store: ChatStore, address: string, files: File[], as: 'image' | 'file') {
  for (const file of files as ChatFile[]) {
    const sending = as === 'image' ? store.sendImage(address, file) : store.sendFile(address, file);
    // The store has already shown the failure (spec 01 §8 "image or file send failure").
    sending.catch(() => undefined);
  }
}

export type LiveConversationProps = ConversationTarget & ConversationChrome;

/**
 * The live conversation: the ui chat header (last active, scroll to bottom, mark as read), the
 * virtual message list with infinite history, and the composer (replies, images and files with
 * progress, the 25 MB check). The chat store does the work; this only connects it.
 */
export function LiveConversation({
  address,
  kind,
  name,
  isForum = false,
  id,
  teamId,
  isMember,
  title,
  teamIcon,
  detail,
  footer,
  closed,
}: LiveConversationProps) {
  const headerLayout = useChatHeaderLayout();
  const store = useChatStore();
  const conversation = useConversation(address);
  const delivery = useDeliveryStates(address);
  const uploadProgress = useUploadProgress();
  const unread = useUnreadCount(address);
  const lastActive = useLastActiveLabel(useLastActive(address));
  const viewer = useViewer();
  const { chatDomain, logger, notifications } = useAppServices();
  const unreachable = useChatUnreachable();
  const browserOffline = useChatOffline();
  const http = useHttpClient();
  const navigate = useNavigate();
  const list = useRef<MessageListHandle>(null);
  const [quoted, setQuoted] = useState<ChatMessage | null>(null);
  const fileActions = useFileActions();
  const images = useChatImages(fileActions.open);
  const shareCard = useShareCardIntoChat({
    address,
    kind,
    name,
    ...(id === undefined ? {} : { id }),
  });

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
    return () => {
      store.openConversation(null);
    };
  }, [store, address]);

  const items = useMemo(() => buildTimeline(conversation.messages), [conversation.messages]);
  // Spec 01 §8: a malformed body shows "There is a problem showing this message…" and is logged,
  // once per message (a re-render or a page of history must not log it again).
  const logged = useRef(new Set<string>());
  useEffect(() => {
    for (const { messageId, warning } of timelineWarnings(items)) {
      if (logged.current.has(messageId)) continue;
      logged.current.add(messageId);
      logger.warn('malformed chat message', { address, messageId, warning });
    }
  }, [items, logger, address]);
  // Smart forms in chat (issue 22): "select a form", the filler, and the "Form:" message cards.
  const forms = useChatForms(items, (text) => {
    store.sendText(address, text).catch(() => undefined); // the store shows a failed send
  });
  const loadOlder = useCallback(() => {
    store.loadMore(address);
  }, [store, address]);

  const actions = useMemo<MessageActions>(
    () => ({
      ...images.actions,
      ...forms.actions,
      onReply: (entry) => {
        setQuoted(entry.message);
      },
      onRetrySend: (messageId) => {
        store.retry(messageId);
      },
      getFileUrl: (file) => fileUrl(http, file.id),
      onFileAction: fileActions.open,
      onOpenPatientCard: (cardId) => {
        void navigate(`/patients/${String(cardId)}`);
      },
    }),
    [images.actions, forms.actions, store, http, navigate, fileActions.open],
  );

  const uploads = useMemo<ComposerUpload[]>(
    () =>
      Object.entries(uploadProgress).map(([uploadId, progress]) => ({
        id: uploadId,
        label: 'image',
        progress,
      })),
    [uploadProgress],
  );

  return (
    <Stack gap={0} h="100%">
      <ChatHeader
        name={title ?? name}
        kind={kind}
        {...(teamIcon ? { teamIcon } : {})}
        {...(kind === 'direct' && lastActive ? { lastActive } : {})}
        {...(detail ? { detail } : {})}
        onScrollToBottom={() => list.current?.scrollToBottom()}
        onMarkRead={() => {
          store.markRead(address);
        }}
        nothingUnread={unread === 0}
        {...headerLayout}
      />
      <Box style={{ flex: 1, minHeight: 0 }}>
        <MessageList
          ref={list}
          items={items}
          currentUser={userJid(viewer.uuid, chatDomain)}
          delivery={delivery}
          history={browserOffline ? offlineHistory(conversation) : historyOf(conversation.loading)}
          onLoadOlder={browserOffline ? noOlderOffline : loadOlder}
          actions={actions}
        />
      </Box>
      {footer}
      {closed ?? (
        <Composer
          isForum={isForum}
          {...(shareCard.open ? { onSharePatientCard: shareCard.open } : {})}
          offline={unreachable}
          queuesOffline
          onSend={(text) => {
            const sending = quoted
              ? store.sendReply(address, text, { ...quoted, body: quotedText(quoted) })
              : store.sendText(address, text);
            setQuoted(null);
            // The store has already shown the failure (spec 01 §8 "Failed send: error notification").
            sending.catch(() => undefined);
          }}
          onSendImages={(files) => {
            sendAll(store, address, files, 'image');
          }}
          onAttachFiles={(files) => {
            sendAll(store, address, files, 'file');
          }}
          onRefuseFiles={(messages) => {
            for (const message of messages) notifications.notify({ kind: 'warning', message });
          }}
          {...(quoted
            ? {
                replyTo: {
                  senderName: quoted.displayNames?.sender ?? '',
                  text: quotedText(quoted),
                },
                onCancelReply: () => {
                  setQuoted(null);
                },
              }
            : {})}
          uploads={uploads}
          {...(forms.onSelectForm ? { onSelectForm: forms.onSelectForm } : {})}
        />
      )}
      {images.viewer}
      {forms.dialogs}
      {fileActions.dialog}
      {shareCard.dialog}
    </Stack>
  );
}
