/** A dispatcher that answers the inspector's files before the app (the node server wraps its app in it). */
import type { ApiRequest, ApiResponse } from '../api/route.js';
import { answerInspector } from './serve.js';

/** Anything with the dispatcher entry point. */
interface Handles {
  handle(request: ApiRequest): Promise<ApiResponse>;
}

/** Wraps `app` so GET /svc-mock/ and its assets answer the inspector when `app` has the control API on. */
export function withInspector<T extends Handles>(app: T): Handles {
  return {
    handle: (request) => {
      const page = answerInspector(app, request.method, request.path);
      return page ? Promise.resolve(page) : app.handle(request);
    },
  };
}
