import { customType } from 'drizzle-orm/pg-core';

/** bytea as a Node Buffer (drizzle-orm 0.45 has no built-in bytea column). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const tz = { withTimezone: true, mode: 'date' } as const;
