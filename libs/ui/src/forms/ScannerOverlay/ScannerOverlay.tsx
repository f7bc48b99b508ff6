import { Alert, Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import {
  CHAT_IMAGE_MIME_TYPES,
  SCANNER_CALLBACK_DELAY_MS,
  SCANNER_FPS,
  SCANNER_OVERLAY_DELAY_MS,
  scannerBox,
} from '@pando/domain';
import { IconPhotoScan } from '@tabler/icons-react';
import type { Html5Qrcode } from 'html5-qrcode';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../common/Dialog';

export interface ScannerOverlayProps {
  /** A scan was requested; the overlay opens 300 ms later (spec 02 §9). */
  opened: boolean;
  /** Closes the overlay without a result (Cancel, Escape, or after a scan). */
  onClose: () => void;
  /** Receives the decoded text of a barcode or QR code, 100 ms after the decode (spec 02 §9). */
  onScan: (value: string) => void;
  /** The overlay's title, e.g. the control being filled. @default 'Scan a barcode' */
  title?: string;
}

type CameraState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; reason: string };

const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';

/**
 * The barcode scanner (spec 02 §2, §9) on html5-qrcode: it opens 300 ms after the request, reads
 * the camera at 10 frames per second inside a scan box of 80 % of the smaller side, and hands the
 * decoded text over 100 ms after the decode. Without a camera (or permission) it says why; a
 * photo of the code can always be scanned from an image file instead.
 */
export function ScannerOverlay({
  opened,
  onClose,
  onScan,
  title = 'Scan a barcode',
}: ScannerOverlayProps) {
  const [visible, setVisible] = useState(false);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [camera, setCamera] = useState<CameraState>({ kind: 'starting' });
  const [fileError, setFileError] = useState<string | null>(null);
  const scanner = useRef<Html5Qrcode | null>(null);
  const done = useRef(false);
  const elementId = `scanner-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const latest = useRef({ onScan, onClose });
  latest.current = { onScan, onClose };

  useEffect(() => {
    if (!opened) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => {
      setVisible(true);
    }, SCANNER_OVERLAY_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [opened]);

  useEffect(() => {
    if (!visible || !host) return;
    // An object, not a `let`: the async start below reads it after awaits.
    const run = { cancelled: false };
    const cancelled = () => run.cancelled;
    let timer: ReturnType<typeof setTimeout> | undefined;
    done.current = false;
    setCamera({ kind: 'starting' });
    setFileError(null);
    const deliver = (text: string) => {
      if (done.current) return;
      done.current = true;
      timer = setTimeout(() => {
        latest.current.onScan(text);
        latest.current.onClose();
      }, SCANNER_CALLBACK_DELAY_MS);
    };
    void (async () => {
      // Loaded on first use: the decoder is large and most screens never scan.
      const { Html5Qrcode } = await import('html5-qrcode');
      if (cancelled()) return;
      const instance = new Html5Qrcode(elementId, { verbose: false });
      scanner.current = instance;
      try {
        await instance.start(
          { facingMode: 'environment' },
          { fps: SCANNER_FPS, qrbox: (w, h) => scannerBox(w, h) },
          (text) => {
            deliver(text);
          },
          undefined,
        );
        if (cancelled()) {
          await instance.stop().catch(() => undefined);
          return;
        }
        setCamera({ kind: 'scanning' });
      } catch (error) {
        if (!cancelled()) setCamera({ kind: 'failed', reason: reasonOf(error) });
      }
    })();
    return () => {
      run.cancelled = true;
      if (timer) clearTimeout(timer);
      const instance = scanner.current;
      scanner.current = null;
      if (instance?.isScanning) instance.stop().catch(() => undefined);
    };
  }, [visible, host, elementId]);

  const scanFile = async (file: File | null) => {
    if (!file) return;
    setFileError(null);
    try {
      // A decoder of its own, on a hidden element: the camera's may still be starting or running.
      const { Html5Qrcode } = await import('html5-qrcode');
      const text = await new Html5Qrcode(`${elementId}-file`, { verbose: false }).scanFile(
        file,
        false,
      );
      if (done.current) return;
      done.current = true;
      setTimeout(() => {
        onScan(text);
        onClose();
      }, SCANNER_CALLBACK_DELAY_MS);
    } catch {
      setFileError('No barcode or QR code was found in that image.');
    }
  };

  return (
    <Dialog opened={visible} onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        <Box id={`${elementId}-file`} hidden />
        <Box
          id={elementId}
          ref={setHost}
          w="100%"
          mih={camera.kind === 'failed' ? 0 : 240}
          aria-label="Camera view"
          role="img"
        />
        {camera.kind === 'starting' ? (
          <Text size="sm" c="dimmed" role="status">
            Starting the camera…
          </Text>
        ) : camera.kind === 'scanning' ? (
          <Text size="sm" c="dimmed" role="status">
            Point the camera at the barcode or QR code.
          </Text>
        ) : (
          <Alert color="orange" variant="light" p="xs" role="alert">
            <Text size="sm">The camera could not be started ({camera.reason}).</Text>
          </Alert>
        )}
        {fileError ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            <Text size="sm">{fileError}</Text>
          </Alert>
        ) : null}
        <Group justify="space-between">
          <FileButton
            onChange={(file) => void scanFile(file)}
            accept={CHAT_IMAGE_MIME_TYPES.join(',')}
            inputProps={{ 'aria-label': 'Image file to scan' }}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPhotoScan size={16} aria-hidden />}
              >
                Scan from an image file
              </Button>
            )}
          </FileButton>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
