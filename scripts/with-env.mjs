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
  { flag: 'anthropic', protocols: ['anthropic-messages'], urls: ['ANTHROPIC_BASE_URL'], keys: ['ANTHROPIC_API_KEY'] },
  // @google/genai (JavaScript and Python) reads GOOGLE_GEMINI_BASE_URL.
  { flag: 'gemini', protocols: ['gemini'], urls: ['GOOGLE_GEMINI_BASE_URL'], keys: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'] },
];

const MODES = ['record', 'playback', 'hybrid'];
const CASSETTE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const PACE = /^(recorded|instant|\d+(\.\d+)?x)$/;

export function parseWithArgs(argv, env) {
  const options = { sluice: `http://127.0.0.1:${env.PORT || 3000}`, pick: {}, command: [] };
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
    const url = `${mountOf(options)}/${encodeURIComponent(provider.id)}`;
    for (const name of family.urls) out[name] = url;
    const ownKey = family.keys.find((name) => env[name]);
    // A Sluice token (sign-in on) goes as the SDK's key, and stands for the provider's configured key as the placeholder does.
    if (!ownKey) out[family.keys[0]] = env.SLUICE_TOKEN || PLACEHOLDER_KEY;
    lines.push(`${family.urls[0]}=${url} (${provider.name})`);
    if (ownKey && env.SLUICE_TOKEN)
      lines.push(`${ownKey} is the app's own: it must send SLUICE_TOKEN in the x-sluice-token header itself`);
  }
  if (options.cassette !== undefined)
    lines.push(`cassette ${options.cassette}, ${options.mode}${options.pace ? `, pace ${options.pace}` : ''}`);
  return { env: out, lines };
}
