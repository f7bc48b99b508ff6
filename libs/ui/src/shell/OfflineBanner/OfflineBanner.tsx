import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';

export interface OfflineBannerProps {
  /** The offline flag of the client state; nothing renders while online. */
  offline: boolean;
}

/** Spec 01 §8: "You are currently offline, messages can't be sent". */
export function OfflineBanner({ offline }: OfflineBannerProps) {
  // The live region stays mounted so the announcement fires when the flag flips.
  return (
    <div role="status" aria-live="polite">
      {offline ? (
        <Alert color="orange" variant="light" radius={0} icon={<IconWifiOff aria-hidden />}>
          You are currently offline, messages can&apos;t be sent
        </Alert>
      ) : null}
    </div>
  );
}
