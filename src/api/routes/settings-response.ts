/** Success answers of the settings endpoints, which report the removed dense_mode as ignored. */
import { schemaById } from '../../generated/schemas.js';
import { readRawParams } from '../params.js';
import { RawResponse, type ApiRequest } from '../route.js';
import { has } from '../../versions/index.js';
import { parameterStatus } from '../../versions/params.js';

function declaredParams(schema: string): Set<string> {
  const file = schemaById(`endpoints/${schema}.json`) as
    { $defs?: { params?: { properties?: Record<string, unknown> } } } | undefined;
  return new Set(Object.keys(file?.$defs?.params?.properties ?? {}));
}

/**
 * The success envelope with ignored_parameters_unsupported computed here rather than by the dispatcher:
 * dense_mode is declared (accepted before level 364) but must be listed as ignored from that level on, a
 * setting's newer name is unknown below its level and its older name (read as the newer one) is not ignored.
 */
export async function settingsSuccess(
  request: ApiRequest,
  route: string,
  schema: string,
  featureLevel: number,
): Promise<RawResponse> {
  const declared = declaredParams(schema);
  const ignored = [...(await readRawParams(request)).keys()].filter((name) => {
    const status = parameterStatus(route, name, featureLevel);
    if (status !== undefined) return status === 'unsupported';
    return !declared.has(name) || (name === 'dense_mode' && has('dense_mode_removed', featureLevel));
  });
  const body: Record<string, unknown> = { result: 'success', msg: '' };
  if (ignored.length) body.ignored_parameters_unsupported = ignored.sort();
  return new RawResponse(200, { 'Content-Type': 'application/json' }, body);
}
