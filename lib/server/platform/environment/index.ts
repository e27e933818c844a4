import 'server-only';
import { type Environment, VARIABLES, type Variable, type VariableName } from './variables';

export { VARIABLES, type Environment, type VariableName } from './variables';

/** Environment variables as the server reads them: process.env, or a test's own. */
export type Env = Record<string, string | undefined>;

/** One or more variables hold values Sluice cannot use; the message names each, its value's problem and what it expects. */
export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** Long enough to recognise a value, short enough to keep the message one line. */
const SHOWN_CHARS = 80;

const quoted = (text: string) => JSON.stringify(text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text);

/** A variable's value, or why it cannot be used. Empty counts as unset, as `NAME= npm start` means. */
function parse<T>(name: string, variable: Variable<T>, env: Env): { value: T } | { problem: string } {
  const text = env[name];
  if (text === undefined || text.trim() === '') return { value: variable.fallback };
  const { kind } = variable;
  const parsed = kind.schema.safeParse(text);
  if (parsed.success) return { value: parsed.data };
  return { problem: `${name} must be ${kind.expects} (got ${kind.shown ? kind.shown(text) : quoted(text)})` };
}

/** One variable's value; an EnvironmentError when it is set to something Sluice cannot use. */
export function readVariable<N extends VariableName>(name: N, env: Env = process.env): Environment[N] {
  const result = parse<unknown>(name, VARIABLES[name], env);
  if ('problem' in result) throw new EnvironmentError([result.problem]);
  return result.value as Environment[N];
}

/**
 * Every variable at once, for the launcher to call before serving: the typed values,
 * or one EnvironmentError naming every variable that is wrong (not only the first).
 */
export function checkEnvironment(env: Env = process.env): Environment {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, variable] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) {
    const result = parse(name, variable, env);
    if ('problem' in result) problems.push(result.problem);
    else values[name] = result.value;
  }
  if (problems.length > 0) throw new EnvironmentError(problems);
  return values as Environment;
}
