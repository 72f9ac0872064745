/**
 * RFC 6570 URL templates: validity and variable names, through the `uri-template` parser (it rejects
 * malformed expressions and exposes each expression's variables, which `url-template` does not).
 */
import { parse } from 'uri-template';
import { jsPattern } from '../../markdown/linkifiers.js';
import { re2Unsupported } from './re2-syntax.js';

/** The variable names of a valid template, or undefined when it is not a valid RFC 6570 template. */
export function templateVariables(template: string): Set<string> | undefined {
  let ast;
  try {
    ast = parse(template).ast;
  } catch {
    return undefined;
  }
  const names = new Set<string>();
  for (const part of ast.parts) {
    // The parser keeps a stray "}" as literal text; RFC 6570 forbids it outside expressions.
    if (part.type === 'literal' && /[{}]/.test(part.value)) return undefined;
    if (part.type === 'expression') for (const variable of part.variables) names.add(variable.name);
  }
  return names;
}

/** The named capture groups of a pattern (Python named-group syntax accepted), or an error text when it does not compile. */
export function patternGroups(python: string): { groups: Set<string> } | { error: string } {
  const unsupported = re2Unsupported(python);
  if (unsupported) return { error: unsupported };
  const pattern = jsPattern(python);
  try {
    new RegExp(pattern, 'u');
    // Matching '' against "pattern|" always succeeds and lists every named group as a key.
    const match = new RegExp(`(?:${pattern})|`, 'u').exec('');
    return { groups: new Set(Object.keys(match?.groups ?? {})) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
