// node:async_hooks for the in-page server: Fastify's content-type parser runs each body parser
// in an AsyncResource, to keep Node's async context. A page has no async context to keep, so the
// resource runs the function as it is.
export class AsyncResource {
  readonly type: string;
  constructor(type: string) {
    this.type = type;
  }

  runInAsyncScope<R, A extends unknown[]>(fn: (...args: A) => R, thisArg?: unknown, ...args: A): R {
    return fn.apply(thisArg, args);
  }

  bind<F>(fn: F): F {
    return fn;
  }

  static bind<F>(fn: F): F {
    return fn;
  }

  emitDestroy(): this {
    return this;
  }

  asyncId(): number {
    return 0;
  }

  triggerAsyncId(): number {
    return 0;
  }
}

export default { AsyncResource };
