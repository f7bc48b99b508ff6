// node:stream/promises for the in-page server: src/uploads/safety.ts imports `pipeline` (uploads
// themselves need sharp, so they fail before it runs). The promise forms of the stream
// polyfill's callback functions.
import { finished as finishedCallback, pipeline as pipelineCallback } from 'node:stream';

type Streams = Parameters<typeof pipelineCallback>;

export function pipeline(...streams: Streams): Promise<void> {
  return new Promise((resolve, reject) => {
    // The callback form's types want a fixed arity; the polyfill takes a list.
    (pipelineCallback as unknown as (...args: unknown[]) => void)(
      ...streams,
      (err?: Error | null) => {
        if (err) reject(err);
        else resolve();
      },
    );
  });
}

export function finished(stream: Parameters<typeof finishedCallback>[0]): Promise<void> {
  return new Promise((resolve, reject) => {
    finishedCallback(stream, (err?: Error | null) => {
      if (err) reject(err);
      else resolve();
    });
  });
}

export default { pipeline, finished };
