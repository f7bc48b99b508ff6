import type { HttpLogger } from '@pando/data-access';

/**
 * The production logger: the console, with a pluggable reporter for warn and error
 * (ARCHITECTURE.md "Analytics and error reporting"). Events are the server's to record; here they
 * are only traced at debug level so a support session can see them.
 */
export function createLogger(
  report?: (level: 'warn' | 'error', message: string) => void,
): HttpLogger {
  return {
    info: (message, context) => {
      console.info(message, context ?? '');
    },
    warn: (message, context) => {
      console.warn(message, context ?? '');
      report?.('warn', message);
    },
    error: (message, context) => {
      console.error(message, context ?? '');
      report?.('error', message);
    },
    event: (name, properties) => {
      console.debug(`[event] ${name}`, properties ?? '');
    },
  };
}
