// ltx ships no type declarations; we only use its SAX tokenizer.
declare module 'ltx/lib/parsers/ltx.js' {
  import { EventEmitter } from 'node:events';
  export default class SaxLtx extends EventEmitter {
    write(data: string): void;
    end(data?: string): void;
  }
}
