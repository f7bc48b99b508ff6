import type { HttpLogger } from '@pando/data-access';

/** A logger that only writes to the console: stories, tests and the demo. */
export const consoleLogger: HttpLogger = {
  info: (message, context) => {
    console.info(message, context ?? '');
  },
  warn: (message, context) => {
    console.warn(message, context ?? '');
  },
  error: (message, context) => {
    console.error(message, context ?? '');
  },
  event: (name, properties) => {
    console.info(`[event] ${name}`, properties ?? '');
  },
};
