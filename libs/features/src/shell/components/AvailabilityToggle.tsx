import { Switch } from '@mantine/core';
import type { SetOwnStatusBody, UserStatus } from '@pando/domain';

export interface AvailabilityToggleProps {
  status: UserStatus;
  /** What a person can set (UNKNOWN is only what the server says of someone never set). */
  onChange: (status: SetOwnStatusBody['status']) => void;
  disabled?: boolean;
}

/** The user's availability switch (issue 10 "availability toggle"): on = AVAILABLE. */
export function AvailabilityToggle({
  status,
  onChange,
  disabled = false,
}: AvailabilityToggleProps) {
  return (
    <Switch
      label="Available"
      checked={status === 'AVAILABLE'}
      disabled={disabled}
      onChange={(event) => {
        onChange(event.currentTarget.checked ? 'AVAILABLE' : 'UNAVAILABLE');
      }}
    />
  );
}
