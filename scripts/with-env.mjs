import { readFileSync } from 'node:fs';
import { join } from 'node:path';
/** What `npm run with` sets, worked out apart from running anything (scripts/with-env.test.ts). */

export const PLACEHOLDER_KEY = 'sluice-proxy';

/** Each SDK family: the protocols it speaks, the base-URL variables its SDKs read, and their key variables. */
const FAMILIES = [
  {
    flag: 'openai',
    protocols: ['openai-chat', 'openai-responses'],
    // OpenAI's SDKs (Python, JavaScript) read OPENAI_BASE_URL; older tools OPENAI_API_BASE.
    urls: ['OPENAI_BASE_URL', 'OPENAI_API_BASE'],
    keys: ['OPENAI_API_KEY'],
  },
  {
    flag: 'anthropic',
    protocols: ['anthropic-messages'],
    // Anthropic's SDKs read ANTHROPIC_BASE_URL; LangChain's ChatAnthropic ANTHROPIC_API_URL before it. An auth token
    // (ANTHROPIC_AUTH_TOKEN, sent as a bearer token: Claude Code, the SDKs) is the app's own key as much as an API key.
    urls: ['ANTHROPIC_BASE_URL', 'ANTHROPIC_API_URL'],
    keys: ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN'],
  },
  // @google/genai (JavaScript and Python) reads GOOGLE_GEMINI_BASE_URL.
  { flag: 'gemini', protocols: ['gemini'], urls: ['GOOGLE_GEMINI_BASE_URL'], keys: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'] },
];

/**
 * The agents `npm run with` knows by their command's name, and what each needs beyond the
 * SDKs' variables: its side traffic (telemetry, update checks) kept off, since it would
 * go around Sluice carrying the key it was given, and for Codex its base URL, which it
 * reads from its own config only (`-c` overrides it for this run: the user's config.toml
 * and login stay as they are).
 */
const AGENT_PACKAGES = {
  '@anthropic-ai/claude-code': 'claude',
  '@openai/codex': 'codex',
  '@google/gemini-cli': 'gemini',
  'aider-chat': 'aider',
};
const AGENTS = ['claude', 'codex', 'gemini', 'aider'];
/** Runners of a package's command (`npx @openai/codex exec …`), and their options that take a value. */
const RUNNERS = ['npx', 'pnpx', 'bunx', 'uvx', 'pipx'];
const RUNNER_VALUE_OPTIONS = ['-p', '--package', '--from', '--spec'];

const commandName = (arg) =>
  arg
    .split(/[\\/]/)
    .pop()
    .replace(/\.(exe|cmd|ps1|js|mjs)$/i, '');

/** The agent a command runs, by name (`claude`, `/opt/bin/codex`, `npx @openai/codex@0.171.0`), and where that word is in it. */
export function agentOf(command) {
  let at = 0;
  if (RUNNERS.includes(commandName(command[0] ?? ''))) {
    at = -1;
    for (let i = 1; i < command.length; i++) {
      if (command[i] === 'run' && commandName(command[0]) === 'pipx') continue;
      if (RUNNER_VALUE_OPTIONS.includes(command[i])) i++;
      else if (!command[i].startsWith('-')) {
        at = i;
        break;
      }
    }
  }
  if (at < 0 || at >= command.length) return undefined;
  const word = command[at].replace(/(?<=.)@[^/@]*$/, ''); // without its version
  const name = AGENT_PACKAGES[word] ?? commandName(word);
  return AGENTS.includes(name) ? { name, at } : undefined;
}

/** A TOML string (Codex's `-c key=value` takes TOML values): JSON's escapes are TOML's. */
const toml = (value) => JSON.stringify(value);

/** What an agent needs beyond the SDKs' variables (`set`: the base URLs and keys already chosen). */
function agentSettings(agent, set, env) {
  const unlessSet = (values) => Object.fromEntries(Object.entries(values).filter(([name]) => env[name] === undefined));
  switch (agent?.name) {
    case 'claude':
      // Claude Code reads ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN) as the SDK does.
      return {
        env: unlessSet({ DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' }),
        line: 'claude: Claude Code, its telemetry and non-essential traffic off',
      };
    case 'codex': {
      if (!set.OPENAI_BASE_URL) return undefined;
      // Codex ignores OPENAI_BASE_URL. Its built-in provider would take `openai_base_url`, but tries a WebSocket first
      // (five times) before it falls back to HTTP: a provider of its own speaks HTTP (Responses) from the start.
      const key = env.OPENAI_API_KEY === undefined && env.CODEX_API_KEY !== undefined ? 'CODEX_API_KEY' : 'OPENAI_API_KEY';
      const provider = `{ name = "Sluice", base_url = ${toml(set.OPENAI_BASE_URL)}, env_key = "${key}", wire_api = "responses", supports_websockets = false }`;
      return {
        args: ['-c', 'model_provider="sluice"', '-c', `model_providers.sluice=${provider}`, '-c', 'analytics.enabled=false'],
        line: `codex: Codex, -c model_provider="sluice" (Responses at ${set.OPENAI_BASE_URL}, key from ${key}), analytics off`,
      };
    }
    case 'gemini':
      // Gemini CLI takes GOOGLE_GEMINI_BASE_URL (as a gateway) and GEMINI_API_KEY from the environment as they are.
      return { line: 'gemini: Gemini CLI, through GOOGLE_GEMINI_BASE_URL' };
    case 'aider':
      // aider (LiteLLM) reads OPENAI_API_BASE and ANTHROPIC_BASE_URL; AIDER_ANALYTICS=false is its --no-analytics.
      return { env: unlessSet({ AIDER_ANALYTICS: 'false' }), line: 'aider: its analytics off' };
    default:
      return undefined;
  }
}

const MODES = ['record', 'playback', 'hybrid'];
const CASSETTE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const PACE = /^(recorded|instant|\d+(\.\d+)?x)$/;

/**
 * Where `npm start` says it serves (scripts/start.mjs writes it once the server answers,
 * and removes it when the server stops): so `npm run with` finds a Sluice started on
 * another port without being told again.
 */
export const addressFile = (env) => join(env.SLUICE_DATA_DIR || '.data', 'address');

export function startedAddress(env) {
  try {
    const url = readFileSync(addressFile(env), 'utf8').trim();
    return /^https?:\/\/\S+$/.test(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** `started`: the address `npm start` wrote; PORT, then --sluice, say otherwise. */
export function parseWithArgs(argv, env, started = undefined) {
  const fallback = env.PORT ? `http://127.0.0.1:${env.PORT}` : (started ?? 'http://127.0.0.1:3000');
  const options = { sluice: fallback, pick: {}, command: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const flag = /^--(sluice|openai|anthropic|gemini|cassette|mode|pace)(?:=(.*))?$/.exec(arg);
    if (!flag) {
      options.command = argv.slice(arg === '--' ? i + 1 : i);
      break;
    }
    const value = flag[2] ?? argv[++i];
    if (!value) throw new Error(`${arg} needs a value`);
    if (flag[1] === 'sluice') options.sluice = value.replace(/\/+$/, '');
    else if (['cassette', 'mode', 'pace'].includes(flag[1])) options[flag[1]] = value;
    else options.pick[flag[1]] = value;
  }
  if (options.cassette !== undefined && !CASSETTE_NAME.test(options.cassette))
    throw new Error(`--cassette ${options.cassette}: use letters, digits, ".", "_" and "-" (up to 100)`);
  if ((options.mode !== undefined || options.pace !== undefined) && options.cassette === undefined)
    throw new Error('--mode and --pace go with --cassette NAME');
  if (options.mode !== undefined && !MODES.includes(options.mode))
    throw new Error(`--mode ${options.mode}: use ${MODES.join(', ')}`);
  if (options.pace !== undefined && !PACE.test(options.pace))
    throw new Error(`--pace ${options.pace}: use recorded, instant or a multiple such as 2x`);
  if (options.cassette !== undefined) options.mode ??= 'hybrid';
  if (options.command.length === 0) throw new Error('no command to run');
  return options;
}

/**
 * The run one invocation records into: named after its command, with a few random
 * letters so that running it again is another run (docs/contract.md "Runs").
 */
export function runNameOf(command, random = Math.random) {
  const words = command.map((word) => (/\s/.test(word) ? JSON.stringify(word) : word)).join(' ');
  const tag = Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  // It rides in the base URL's path, percent-encoded; control characters are refused there.
  return `${words
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)} (${tag})`;
}

/** Where an SDK's base URL points: the proxy, or the proxy under a cassette (`/cassette/{name}/{mode}[+pace]/…`). */
function mountOf({ sluice, cassette, mode, pace }) {
  if (cassette === undefined) return `${sluice}/proxy`;
  return `${sluice}/cassette/${encodeURIComponent(cassette)}/${mode}${pace ? `+${pace}` : ''}`;
}

/**
 * The variables to set: each family's base URLs at the proxy of its provider, and where
 * the app has no key, SLUICE_TOKEN (a personal token, when Sluice has sign-in on) or else
 * the placeholder, both of which the proxy replaces with the provider's configured key.
 */
export function proxyEnvironment(providers, options, env) {
  const { pick } = options;
  const out = {};
  const lines = [];
  for (const family of FAMILIES) {
    const wanted = pick[family.flag];
    const speaking = providers.filter((p) => family.protocols.includes(p.protocol));
    const provider = wanted
      ? providers.find((p) => p.id === wanted)
      : (speaking.find((p) => !p.builtin) ?? speaking.find((p) => p.builtin));
    if (wanted && !provider)
      throw new Error(`--${family.flag} ${wanted}: no such provider (configured: ${providers.map((p) => p.id).join(', ')})`);
    if (wanted && !family.protocols.includes(provider.protocol))
      throw new Error(
        `--${family.flag} ${wanted}: that provider speaks ${provider.protocol}, not ${family.protocols.join(' or ')}`,
      );
    if (!provider) continue;
    const url = `${mountOf(options)}/${encodeURIComponent(provider.id)}${options.run ? `/~run/${encodeURIComponent(options.run)}` : ''}`;
    for (const name of family.urls) out[name] = url;
    const ownKey = family.keys.find((name) => env[name]);
    // A Sluice token (sign-in on) goes as the SDK's key, and stands for the provider's configured key as the placeholder does.
    if (!ownKey) out[family.keys[0]] = env.SLUICE_TOKEN || PLACEHOLDER_KEY;
    lines.push(`${family.urls[0]}=${url} (${provider.name})`);
    if (ownKey && env.SLUICE_TOKEN)
      lines.push(`${ownKey} is the app's own: it must send SLUICE_TOKEN in the x-sluice-token header itself`);
  }
  // The OpenAI Agents SDK uploads its traces to api.openai.com with OPENAI_API_KEY: not the placeholder, nor a Sluice token.
  if (out.OPENAI_API_KEY !== undefined && env.OPENAI_AGENTS_DISABLE_TRACING === undefined)
    out.OPENAI_AGENTS_DISABLE_TRACING = '1';
  const command = options.command ?? [];
  const agent = agentOf(command);
  const settings = agentSettings(agent, out, env);
  Object.assign(out, settings?.env);
  if (settings) lines.push(settings.line);
  if (options.run) lines.push(`run "${options.run}"`);
  if (options.cassette !== undefined)
    lines.push(`cassette ${options.cassette}, ${options.mode}${options.pace ? `, pace ${options.pace}` : ''}`);
  const args = settings?.args ?? [];
  return {
    env: out,
    lines,
    command: [...command.slice(0, agent ? agent.at + 1 : 0), ...args, ...command.slice(agent ? agent.at + 1 : 0)],
  };
}
