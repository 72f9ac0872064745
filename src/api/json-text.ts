/** JSON made once and spliced into answers as is: serialisations that many answers repeat. */

/** A value already serialised as JSON; an answer's text takes its `json` in place of the value. */
export class JsonText {
  /** This text (handler fields) inside the plain success envelope, once an answer has needed it. */
  success?: JsonText;

  constructor(readonly json: string) {}

  /** What any other JSON.stringify (a test, a log) sees: the value the text stands for. */
  toJSON(): unknown {
    return JSON.parse(this.json) as unknown;
  }
}

const isFragmentList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.length > 0 && value.some((item) => item instanceof JsonText);

function valueJson(value: unknown): string | undefined {
  if (value instanceof JsonText) return value.json;
  if (!isFragmentList(value)) return JSON.stringify(value);
  let out = '[';
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    if (i > 0) out += ',';
    out += item instanceof JsonText ? item.json : (JSON.stringify(item) ?? 'null');
  }
  return out + ']';
}

/**
 * The JSON text of an answer body. JsonText is spliced where handlers put it: as a value of the body's top
 * level or an element of an array there (deeper, JSON.stringify's toJSON still gives the right value).
 * Bodies without any are one JSON.stringify call.
 * @example
 * bodyJson({ result: 'success', messages: [new JsonText('{"id":1}')] }); // '{"result":"success","messages":[{"id":1}]}'
 */
export function bodyJson(body: object): string {
  if (body instanceof JsonText) return body.json;
  const entries = Object.entries(body);
  if (!entries.some(([, value]) => value instanceof JsonText || isFragmentList(value)))
    return JSON.stringify(body);
  let out = '{';
  for (const [key, value] of entries) {
    const text = valueJson(value);
    if (text === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${text}`;
  }
  return out + '}';
}

/**
 * A success body whose handler fields are JSON text: `envelope`'s result and msg, then the fields, then the
 * envelope's other keys (ignored_parameters_unsupported), in the order an object body would have them.
 */
export function successJson(fields: JsonText, envelope: Record<string, unknown>): JsonText {
  const { result, msg, ...rest } = envelope;
  // The plain success envelope around a cached text is the same every time: made once per text.
  const plain = result === 'success' && msg === '' && Object.keys(rest).length === 0;
  if (plain && fields.success) return fields.success;
  const inner = fields.json.slice(1, -1);
  const tail = JSON.stringify(rest).slice(1, -1);
  const head = `{"result":${JSON.stringify(result)},"msg":${JSON.stringify(msg)}`;
  const text = new JsonText(`${head}${inner ? `,${inner}` : ''}${tail ? `,${tail}` : ''}}`);
  if (plain) fields.success = text;
  return text;
}
