import {
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  formatFileSize,
  formatIsoDate,
  TEXTS,
  type FileContent,
  type FormContent,
  type ImageContent,
  type PatientCardContent,
  type ReplyContent,
} from '@pando/domain';
import {
  IconAlertTriangle,
  IconClipboardText,
  IconDownload,
  IconFile,
  IconId,
  IconPhotoOff,
} from '@tabler/icons-react';
import { MessageText } from '../MessageText';
import { isPlainClick } from '../../common/navigation';
import type { MessageActions } from './messageActions';

const THUMBNAIL_MAX_PX = 150;

export function ImageThumbnail({
  content,
  actions,
}: {
  content: ImageContent;
  actions: MessageActions;
}) {
  const state = actions.getImage?.(content.imageId) ?? { status: 'loading' as const };
  const name = content.filename ?? 'Image';
  if (state.status === 'loading') {
    return (
      <Stack gap={4} role="status" w={THUMBNAIL_MAX_PX}>
        <Skeleton h={THUMBNAIL_MAX_PX} w={THUMBNAIL_MAX_PX} radius="sm" />
        <Text size="xs" c="dimmed">
          {TEXTS.loadingImage}
        </Text>
      </Stack>
    );
  }
  if (state.status === 'failed') {
    return (
      <UnstyledButton
        onClick={() => actions.onRetryImage?.(content.imageId)}
        aria-label={`Tap to retry: ${name} could not be loaded`}
        w={THUMBNAIL_MAX_PX}
        h={THUMBNAIL_MAX_PX}
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: '1px dashed var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <Stack align="center" gap={4}>
          <IconPhotoOff size={32} aria-hidden />
          <Text size="xs">Tap to retry</Text>
        </Stack>
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton
      onClick={() => actions.onOpenImage?.(content.imageId, content.filename)}
      aria-label={`Open ${name}`}
    >
      <img
        src={state.src}
        alt={name}
        onError={() => actions.onImageError?.(content.imageId)}
        style={{
          maxWidth: THUMBNAIL_MAX_PX,
          maxHeight: THUMBNAIL_MAX_PX,
          borderRadius: 'var(--mantine-radius-sm)',
          display: 'block',
        }}
      />
    </UnstyledButton>
  );
}

/**
 * A file message: icon, the whole file name (wrapped, never cut: "discharge-summary-….pdf" told
 * apart from "discharge-letter-….pdf"), its size, and below them "Download or email", which
 * therefore never competes with the name for the row's width (a phone cut both before).
 */
export function FileView({ content, actions }: { content: FileContent; actions: MessageActions }) {
  const { file } = content;
  const nameStyle = { overflowWrap: 'anywhere' as const, wordBreak: 'break-word' as const };
  return (
    <Paper withBorder p="xs" radius="sm" maw={320}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconFile size={28} aria-hidden style={{ flexShrink: 0 }} />
          <Box miw={0} style={{ flex: 1 }}>
            {actions.getFileUrl ? (
              <Anchor
                href={actions.getFileUrl(file)}
                target="_blank"
                rel="noopener"
                size="sm"
                fw={600}
                dir="auto"
                display="block"
                style={nameStyle}
              >
                {file.filename}
              </Anchor>
            ) : (
              <Text size="sm" fw={600} dir="auto" style={nameStyle}>
                {file.filename}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatFileSize(file.size)}
            </Text>
          </Box>
        </Group>
        {actions.onFileAction ? (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() => actions.onFileAction?.(file)}
            aria-label={`Download or email ${file.filename}`}
            style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          >
            Download or email
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

const GENDER: Record<'MALE' | 'FEMALE', string> = { MALE: 'Male', FEMALE: 'Female' };

export function PatientCardView({
  content,
  actions,
}: {
  content: PatientCardContent;
  actions: MessageActions;
}) {
  const { card } = content;
  const href = `/patients/${card.card_id}`;
  const details = [
    card.patient_identificator ? `ID ${card.patient_identificator}` : null,
    card.patient_dob ? `DOB ${formatIsoDate(card.patient_dob)}` : null,
    card.patient_gender ? GENDER[card.patient_gender] : null,
  ].filter((d): d is string => d !== null);
  return (
    <Paper withBorder p="xs" radius="sm" maw={320}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconId size={28} aria-hidden style={{ flexShrink: 0 }} />
        <Box miw={0}>
          <Text size="xs" c="dimmed">
            Patient card
          </Text>
          <Text size="sm" fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {card.card_title}
          </Text>
          {details.length > 0 ? (
            <Text size="xs" c="dimmed">
              {details.join(' · ')}
            </Text>
          ) : null}
          {actions.onOpenPatientCard ? (
            <Anchor
              href={href}
              size="sm"
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                actions.onOpenPatientCard?.(card.card_id);
              }}
            >
              Open patient card
            </Anchor>
          ) : null}
        </Box>
      </Group>
    </Paper>
  );
}

export function FormView({ content, actions }: { content: FormContent; actions: MessageActions }) {
  const status = actions.getFormStatus?.(content.title, content.version) ?? 'found';
  return (
    <Paper withBorder p="xs" radius="sm" maw={360}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconClipboardText size={28} aria-hidden style={{ flexShrink: 0 }} />
        <Box miw={0}>
          <Text size="sm" fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {content.title} (v{content.version})
          </Text>
          {status !== 'found' ? (
            <Text size="xs" c="dimmed">
              {status === 'notFound' ? TEXTS.templateNotFound : TEXTS.templateSuperseded}
            </Text>
          ) : null}
          {actions.onOpenForm && status === 'found' ? (
            <Button
              mt={4}
              size="compact-sm"
              variant="light"
              onClick={() => actions.onOpenForm?.(content.title, content.version)}
            >
              Open form
            </Button>
          ) : null}
        </Box>
      </Group>
    </Paper>
  );
}

export function ReplyView({ content }: { content: ReplyContent }) {
  return (
    <Stack gap={4}>
      <Box
        component="blockquote"
        m={0}
        px="xs"
        py={4}
        style={{
          borderInlineStart: '3px solid var(--mantine-color-blue-filled)',
          background: 'var(--mantine-color-default-hover)',
          borderRadius: 4,
        }}
      >
        <Text size="xs" fw={600} dir="auto">
          {content.quoted.senderName}
        </Text>
        <Text size="xs" lineClamp={3} dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
          {content.quoted.text}
        </Text>
      </Box>
      <MessageText text={content.text} />
    </Stack>
  );
}

export function MalformedView() {
  return (
    <Group gap={6} wrap="nowrap">
      <IconAlertTriangle size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" fs="italic" c="dimmed">
        {TEXTS.messageProblem}
      </Text>
    </Group>
  );
}
