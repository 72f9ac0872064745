/** A small client of the messaging API: Basic auth, form-encoded parameters, the error envelope as ApiError. */

/** An account to act as: the API e-mail and API key (HTTP Basic credentials). */
export interface Credentials {
  email: string;
  apiKey: string;
}

/** An error answer of the API (`result: "error"`), with its code (e.g. BAD_EVENT_QUEUE_ID). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Params = Record<string, string | number | boolean | unknown[] | object>;

function encode(params: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    form.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  return form;
}

/** Calls the API under `baseUrl` (empty for the page's own origin, as with the service worker). */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly credentials?: Credentials,
  ) {}

  /** The same server as another account. */
  as(credentials: Credentials): ApiClient {
    return new ApiClient(this.baseUrl, credentials);
  }

  get email(): string | undefined {
    return this.credentials?.email;
  }

  async call<T>(method: string, path: string, params: Params = {}, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.credentials)
      headers.Authorization = `Basic ${btoa(`${this.credentials.email}:${this.credentials.apiKey}`)}`;
    const query = method === 'GET' || method === 'DELETE' ? `?${encode(params).toString()}` : '';
    const response = await fetch(`${this.baseUrl}${path}${query === '?' ? '' : query}`, {
      method,
      headers,
      body: query ? undefined : encode(params),
      signal,
    });
    const body = (await response.json()) as T & { result?: string; code?: string; msg?: string };
    if (!response.ok || body.result === 'error')
      throw new ApiError(response.status, body.code ?? 'BAD_REQUEST', body.msg ?? response.statusText);
    return body;
  }

  get<T>(path: string, params?: Params, signal?: AbortSignal): Promise<T> {
    return this.call<T>('GET', `/api/v1${path}`, params, signal);
  }

  post<T>(path: string, params?: Params): Promise<T> {
    return this.call<T>('POST', `/api/v1${path}`, params);
  }

  patch<T>(path: string, params?: Params): Promise<T> {
    return this.call<T>('PATCH', `/api/v1${path}`, params);
  }

  delete<T>(path: string, params?: Params): Promise<T> {
    return this.call<T>('DELETE', `/api/v1${path}`, params);
  }
}
