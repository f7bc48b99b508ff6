import {
  ApiError,
  downloadChatImage,
  downloadFile,
  emailChatImage,
  emailFile,
  useHttpClient,
} from '@pando/data-access';
import { fileActionErrorText, TEXTS, textsWith, type FileShare } from '@pando/domain';
import { FileActionModal } from '@pando/ui';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useViewer } from '../../common/viewer';
import { saveToDevice } from '../../files/saveToDevice';

/** The status and the server's sentence of a failed call; 0 when nothing answered. */
function failureOf(err: unknown): { status: number; message?: string } {
  if (!(err instanceof ApiError)) return { status: 0 };
  const body = err.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string'
    ? { status: err.status, message: body.message }
    : { status: err.status };
}

type Outcome = { kind: 'error' | 'success'; message: string };

/**
 * The file-action modal of a conversation (spec 01 §2 "Other overlays", §8 texts): a file
 * message's "Download or email" opens it; download fetches the bytes and saves them, email sends
 * them to an address (the own one by default) through POST /files/{id}/email.
 */
export function useFileActions(): {
  /** Opens the modal for a shared file, or (`image`) a chat image. */
  open: (file: FileShare, kind?: 'file' | 'image') => void;
  dialog: ReactNode;
} {
  const http = useHttpClient();
  const viewer = useViewer();
  const [file, setFile] = useState<FileShare | null>(null);
  const [kind, setKind] = useState<'file' | 'image'>('file');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  // Which file an answer belongs to: one that arrives after the dialog moved on is dropped.
  const current = useRef<FileShare | null>(null);

  const open = useCallback((next: FileShare, nextKind: 'file' | 'image' = 'file') => {
    current.current = next;
    setFile(next);
    setKind(nextKind);
    setOutcome(undefined);
    setBusy(false);
  }, []);

  const run = (target: FileShare, action: () => Promise<Outcome>) => {
    setBusy(true);
    setOutcome(undefined);
    void action().then((result) => {
      if (current.current !== target) return;
      setBusy(false);
      setOutcome(result);
    });
  };

  const dialog = (
    <FileActionModal
      key={file ? `${kind}-${file.id}` : 'closed'}
      file={file}
      busy={busy}
      defaultEmail={viewer.email}
      {...(outcome ? { outcome } : {})}
      onClose={() => {
        current.current = null;
        setFile(null);
      }}
      onDownload={(target) => {
        run(target, async () => {
          try {
            const bytes =
              kind === 'image'
                ? await downloadChatImage(http, target.id)
                : await downloadFile(http, target.id);
            saveToDevice(bytes, target.filename);
            return { kind: 'success', message: TEXTS.downloadStarted };
          } catch (err) {
            const { status, message } = failureOf(err);
            return { kind: 'error', message: fileActionErrorText('download', status, message) };
          }
        });
      }}
      onEmail={(target, address) => {
        run(target, async () => {
          try {
            const send = kind === 'image' ? emailChatImage : emailFile;
            const message = await send(http, target.id, address.trim());
            return { kind: 'success', message: textsWith.emailSentSuccessfully(message) };
          } catch (err) {
            const { status, message } = failureOf(err);
            return { kind: 'error', message: fileActionErrorText('email', status, message) };
          }
        });
      }}
    />
  );
  return { open, dialog };
}
