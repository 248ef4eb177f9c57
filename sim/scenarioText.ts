/**
 * A scenario file's text to its value: JSON, or YAML for `.yaml`/`.yml`, with line and
 * column for syntax errors. No file system here, so the CLI (load.ts) and the dashboard
 * (which reads dropped files) give the same message for the same unreadable file; in sim/
 * so the browser app needs nothing from the command's folder.
 */
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { ScenarioError, ScenarioErrors } from './scenario.ts';

/** Line and column (1-based) of a character offset. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/** Parse a scenario file's text as JSON or YAML by its extension. */
export function parseScenarioText(text: string, file: string): unknown {
  if (/\.ya?ml$/i.test(file)) {
    try {
      return parseYaml(text, { prettyErrors: true });
    } catch (err) {
      if (err instanceof YAMLParseError) {
        const at = err.linePos?.[0] ? `line ${err.linePos[0].line}, column ${err.linePos[0].col}` : '';
        throw new ScenarioErrors([new ScenarioError(file, at, `not valid YAML: ${err.message.split('\n')[0]}`)]);
      }
      throw err;
    }
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const pos = /position (\d+)/.exec(message);
    // "Unexpected end of JSON input" has no position: the end is where it stopped.
    const at = pos ? lineAndColumn(text, Number(pos[1])) : /end of JSON input/i.test(message) ? lineAndColumn(text, text.length) : '';
    throw new ScenarioErrors([new ScenarioError(file, at, `not valid JSON: ${message}`)]);
  }
}
