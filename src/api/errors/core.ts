/** The ApiError type and the core part of the error catalogue (parameters, authentication, generic). */

/** An error the API reports with its JSON envelope `{result: 'error', msg, code, ...extra}`. */
export class ApiError extends Error {
  constructor(
    readonly code: string | null,
    message: string,
    readonly status = 400,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The JSON body of this error. */
  body(): Record<string, unknown> {
    const body: Record<string, unknown> = { result: 'error', msg: this.message };
    if (this.code !== null) body.code = this.code;
    return Object.assign(body, this.extra);
  }
}

export const bad = (msg: string, extra?: Record<string, unknown>): ApiError =>
  new ApiError('BAD_REQUEST', msg, 400, extra);
const unauthorized = (msg: string): ApiError =>
  new ApiError('UNAUTHORIZED', msg, 401, {}, { 'WWW-Authenticate': 'Basic realm="svc"' });
const TYPE_NAMES: Record<string, string> = {
  boolean: 'a boolean',
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  array: 'a list',
  object: 'a dict',
  null: 'null',
};

/** Core error factories: dispatch, parameters, authentication, generic permissions. */
export const coreErrors = {
  badRequest: bad,
  notFound: (msg: string) => new ApiError('BAD_REQUEST', msg, 404),
  accessDenied: () => new ApiError('BAD_REQUEST', 'Access denied', 403),
  noSuchEndpoint: (method: string, path: string) =>
    new ApiError('BAD_REQUEST', `Not Found: no endpoint ${method} ${path}`, 404),
  // The real server's 405 carries no code; the mock adds the generic one so every error has the same envelope.
  methodNotAllowed: (allowed: string[]) =>
    new ApiError(
      'BAD_REQUEST',
      'Method Not Allowed',
      405,
      { allowed_methods: allowed },
      { Allow: allowed.join(', ') },
    ),

  // Parameters
  missingArgument: (name: string) =>
    new ApiError('REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, 400, { var_name: name }),
  invalidVariable: (name: string, value: string) =>
    new ApiError('REQUEST_VARIABLE_INVALID', `Bad value for '${name}': ${value}`, 400, {
      var_name: name,
      bad_value: value,
    }),
  confusingVariables: (a: string, b: string) =>
    new ApiError('REQUEST_CONFUSING_VAR', `Can't decide between '${a}' and '${b}' arguments`, 400, {
      var_name1: a,
      var_name2: b,
    }),
  notValidJson: (name: string) => bad(`Argument "${name}" is not valid JSON.`),
  wrongType: (name: string, type: string) => bad(`${name} is not ${TYPE_NAMES[type] ?? type}`),
  invalidValue: (name: string) => bad(`Invalid ${name}`),
  tooLong: (name: string, limit: number) => bad(`${name} is too long (limit: ${limit} characters)`),
  blank: (name: string) => bad(`${name} cannot be blank`),
  malformedJsonBody: () => new ApiError('INVALID_JSON', 'Malformed JSON'),
  unsupportedCombination: (params: string[]) =>
    bad(`Unsupported parameter combination: ${params.join(', ')}`),

  // Authentication
  notLoggedIn: () => unauthorized('Not logged in: API authentication or user session required'),
  notBasicAuth: () => unauthorized('This endpoint requires HTTP basic authentication.'),
  invalidAuthHeader: () => unauthorized('Invalid authorization header for basic auth'),
  malformedApiKey: () => unauthorized('Malformed API key'),
  invalidApiKey: () => unauthorized('Invalid API key'),
  accountDeactivated: () => unauthorized('Account is deactivated'),
  notForWebhookBots: () => unauthorized('This API is not available to incoming webhook bots.'),
  userDeactivated: () => new ApiError('USER_DEACTIVATED', 'Account is deactivated', 401),
  authenticationFailed: () =>
    new ApiError('AUTHENTICATION_FAILED', 'Your username or password is incorrect', 401),
  devAuthDisabled: () => bad('Endpoint not available in production.'),

  // Permissions
  insufficientPermission: () => bad('Insufficient permission'),
  mustBeAdmin: () => bad('Must be an organization administrator'),
  notForBots: () => bad('This endpoint does not accept bot requests.'),
  notForGuests: () => bad('Not allowed for guest users'),

  // Users
  noSuchUser: () => bad('No such user'),

  // Event queues
  badEventQueueId: (queueId: string) =>
    new ApiError('BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, 400, { queue_id: queueId }),

  // Request limits (the mock's own; the real server's web server refuses what is too large before the app)
  controlRefused: (reason: string) => new ApiError('BAD_REQUEST', reason, 403),
  /** 429: the server holds as many request bodies as it may; the client may send again in a second. */
  bodiesInFlight: () =>
    new ApiError(
      'RATE_LIMIT_HIT',
      'The server is busy receiving other large requests; try again shortly',
      429,
      { 'retry-after': 1 },
      { 'Retry-After': '1' },
    ),
  bodyAborted: () => bad('The client closed the connection before sending the whole request body'),
  payloadTooLarge: (limit: number) =>
    new ApiError('BAD_REQUEST', `Request body too large (limit: ${limit} bytes)`, 413),
  jsonTooDeep: (name: string, limit: number) =>
    bad(`Argument "${name}" is nested too deeply (limit: ${limit} levels)`),
  tooManyParams: (limit: number) => bad(`Too many parameters (limit: ${limit})`),
  tooManyItems: (name: string, limit: number) => bad(`${name} has too many items (limit: ${limit})`),
  badPath: () => bad('Malformed URL path: invalid percent-encoding'),

  // Server
  internal: () => new ApiError(null, 'Internal server error', 500),
} as const;
