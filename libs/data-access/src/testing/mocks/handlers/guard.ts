import type { HttpResponseResolver, PathParams } from 'msw';
import { MockHttpError } from './util';

/** Lets resolvers `fail(...)` with an error response instead of threading returns everywhere. */
export function guard<P extends PathParams>(
  resolver: HttpResponseResolver<P>,
): HttpResponseResolver<P> {
  return async (info) => {
    try {
      return await resolver(info);
    } catch (error) {
      if (error instanceof MockHttpError) return error.response;
      throw error;
    }
  };
}
