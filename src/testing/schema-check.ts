/** Validates every response the test suite sees against its endpoint's schema (or the error envelope). */
import { createRouter } from '../api/router.js';
import { routes } from '../api/routes/index.js';
import { schemaById } from '../generated/schemas.js';
import { checkValidatorAt } from '../schema/level-schemas.js';
import { checkValidator, describeErrors } from '../schema/validator.js';

const match = createRouter(routes);
const hasResponseSchema = (schema: string | null): boolean =>
  !!schema && !!(schemaById(`endpoints/${schema}.json`)?.$defs as Record<string, unknown>)?.response;

/**
 * Throws when `body` does not match the schema for this method, path and status; with `level`, the schema
 * of that feature level (src/schema/level-schemas.ts), else the newest.
 */
export function assertValidResponse(
  method: string,
  path: string,
  status: number,
  body: unknown,
  level?: number,
): void {
  if (status >= 300 && status < 400) return;
  if (status >= 400) {
    const validate = checkValidator('resources/error.json');
    if (!validate(body))
      throw new Error(
        `error body of ${method} ${path} is invalid: ${describeErrors(validate.errors).join('; ')}`,
      );
    if (status !== 500 && typeof (body as { code?: unknown }).code !== 'string') {
      throw new Error(`error body of ${method} ${path} has no code: ${JSON.stringify(body)}`);
    }
    return;
  }
  const found = match(method, path);
  if (found.kind !== 'route') throw new Error(`success from an unknown route ${method} ${path}`);
  const { schema } = found.compiled.route;
  if (!hasResponseSchema(schema)) throw new Error(`route ${method} ${path} has no response schema`);
  const ref = `endpoints/${schema}.json#/$defs/response`;
  const validate = level === undefined ? checkValidator(ref) : checkValidatorAt(ref, level);
  if (!validate(body)) {
    throw new Error(
      `response of ${method} ${path} is invalid:\n  ${describeErrors(validate.errors).join('\n  ')}`,
    );
  }
}
