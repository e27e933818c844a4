import { describe, expect, it } from 'vitest';
import { agentOf, parseWithArgs, PLACEHOLDER_KEY, proxyEnvironment } from './with-env.mjs';

const providers = [
  { id: 'sim-openai', name: 'Simulator · OpenAI Chat', protocol: 'openai-chat', builtin: true },
  { id: 'sim-anthropic', name: 'Simulator · Anthropic Messages', protocol: 'anthropic-messages', builtin: true },
  { id: 'sim-gemini', name: 'Simulator · Gemini', protocol: 'gemini', builtin: true },
  { id: 'openai', name: 'OpenAI', protocol: 'openai-chat', builtin: false },
  { id: 'gateway', name: 'Gateway', protocol: 'openai-responses', builtin: false },
];

describe('npm run with', () => {
  it('reads its flags up to the command, and the command whole', () => {
    expect(parseWithArgs(['--openai', 'gateway', 'python', 'agent.py', '--openai', 'x'], {})).toEqual({
      sluice: 'http://127.0.0.1:3000',
      pick: { openai: 'gateway' },
      command: ['python', 'agent.py', '--openai', 'x'],
    });
    expect(parseWithArgs(['--sluice=http://h:4000/', '--', 'node', 'app.js'], { PORT: '5000' })).toMatchObject({
      sluice: 'http://h:4000',
      command: ['node', 'app.js'],
    });
    expect(parseWithArgs(['node'], { PORT: '5000' }).sluice).toBe('http://127.0.0.1:5000');
    // The address a running `npm start` wrote, unless PORT or --sluice says otherwise.
    expect(parseWithArgs(['node'], {}, 'http://127.0.0.1:4123').sluice).toBe('http://127.0.0.1:4123');
    expect(parseWithArgs(['node'], { PORT: '5000' }, 'http://127.0.0.1:4123').sluice).toBe('http://127.0.0.1:5000');
    expect(parseWithArgs(['node'], {}).sluice).toBe('http://127.0.0.1:3000');
    expect(() => parseWithArgs(['--openai'], {})).toThrow('--openai needs a value');
    expect(() => parseWithArgs([], {})).toThrow('no command');
  });

  it('points each SDK at the first configured provider of its protocol, the simulator when there is none', () => {
    const { env } = proxyEnvironment(providers, { sluice: 'http://127.0.0.1:3000', pick: {} }, {});
    expect(env).toEqual({
      OPENAI_BASE_URL: 'http://127.0.0.1:3000/proxy/openai',
      OPENAI_API_BASE: 'http://127.0.0.1:3000/proxy/openai',
      OPENAI_API_KEY: PLACEHOLDER_KEY,
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:3000/proxy/sim-anthropic',
      ANTHROPIC_API_URL: 'http://127.0.0.1:3000/proxy/sim-anthropic',
      ANTHROPIC_API_KEY: PLACEHOLDER_KEY,
      GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:3000/proxy/sim-gemini',
      GEMINI_API_KEY: PLACEHOLDER_KEY,
      // The Agents SDK would upload its traces to api.openai.com with the placeholder (or a Sluice token).
      OPENAI_AGENTS_DISABLE_TRACING: '1',
    });
  });

  it('gives SLUICE_TOKEN as the key of an app without one, and says the app with its own must send it', () => {
    const token = 'sluice_AAAAbbbbCCCCddddEEEEffffGGGGhhhhIIIIjjjjKKK';
    const { env, lines } = proxyEnvironment(
      providers,
      { sluice: 'http://s', pick: {} },
      { SLUICE_TOKEN: token, ANTHROPIC_API_KEY: 'sk-ant-mine' },
    );
    expect(env.OPENAI_API_KEY).toBe(token);
    expect(env.GEMINI_API_KEY).toBe(token);
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(lines.join('\n')).toContain('ANTHROPIC_API_KEY is the app');
  });

  it('keeps the app’s own keys, and takes the providers it is told', () => {
    const { env } = proxyEnvironment(
      providers,
      { sluice: 'http://s', pick: { openai: 'gateway' } },
      { OPENAI_API_KEY: 'sk-mine', GOOGLE_API_KEY: 'g' },
    );
    expect(env.OPENAI_BASE_URL).toBe('http://s/proxy/gateway');
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.GEMINI_API_KEY).toBeUndefined();
    expect(() => proxyEnvironment(providers, { sluice: 'http://s', pick: { anthropic: 'nope' } }, {})).toThrow(
      'no such provider',
    );
    expect(() => proxyEnvironment(providers, { sluice: 'http://s', pick: { anthropic: 'openai' } }, {})).toThrow(
      'speaks openai-chat',
    );
  });

  it('points the SDKs at a cassette when asked, hybrid unless a mode is given', () => {
    const options = parseWithArgs(['--cassette=ci', '--mode', 'playback', '--pace=instant', 'npm', 'test'], {});
    expect(options).toMatchObject({ cassette: 'ci', mode: 'playback', pace: 'instant', command: ['npm', 'test'] });
    const { env, lines } = proxyEnvironment(providers, options, {});
    expect(env.OPENAI_BASE_URL).toBe('http://127.0.0.1:3000/cassette/ci/playback+instant/openai');
    expect(env.ANTHROPIC_BASE_URL).toBe('http://127.0.0.1:3000/cassette/ci/playback+instant/sim-anthropic');
    expect(lines.at(-1)).toBe('cassette ci, playback, pace instant');
    expect(parseWithArgs(['--cassette', 'ci', 'node'], {}).mode).toBe('hybrid');
    expect(() => parseWithArgs(['--cassette', '../x', 'node'], {})).toThrow('use letters');
    expect(() => parseWithArgs(['--cassette', 'ci', '--mode', 'replay', 'node'], {})).toThrow('use record, playback, hybrid');
    expect(() => parseWithArgs(['--mode', 'playback', 'node'], {})).toThrow('go with --cassette');
    expect(() => parseWithArgs(['--cassette', 'ci', '--pace', 'fast', 'node'], {})).toThrow('--pace fast');
  });

  describe('agents, known by their command’s name', () => {
    const sluice = { sluice: 'http://127.0.0.1:3000', pick: {} };
    const run = (command: string[], env: Record<string, string> = {}) => proxyEnvironment(providers, { ...sluice, command }, env);

    it('knows an agent by its command, its path or its package run by npx, uvx or pipx', () => {
      expect(agentOf(['claude', '-p', 'hi'])).toEqual({ name: 'claude', at: 0 });
      expect(agentOf(['/usr/local/bin/codex', 'exec', 'hi'])).toEqual({ name: 'codex', at: 0 });
      expect(agentOf(['C:\\tools\\gemini.cmd'])).toEqual({ name: 'gemini', at: 0 });
      expect(agentOf(['npx', '-y', '@openai/codex@0.171.0', 'exec'])).toEqual({ name: 'codex', at: 2 });
      expect(agentOf(['npx', '-p', '@openai/codex', 'codex', 'exec'])).toEqual({ name: 'codex', at: 3 });
      expect(agentOf(['npx', '@anthropic-ai/claude-code', '-p', 'hi'])).toEqual({ name: 'claude', at: 1 });
      expect(agentOf(['uvx', '--from', 'aider-chat', 'aider'])).toEqual({ name: 'aider', at: 3 });
      expect(agentOf(['pipx', 'run', 'aider-chat'])).toEqual({ name: 'aider', at: 2 });
      expect(agentOf(['python', 'claude.py'])).toBeUndefined();
      expect(agentOf(['npx', 'tsx', 'codex.ts'])).toBeUndefined();
    });

    it('Claude Code: its base URL and key as the SDK’s, its telemetry and non-essential traffic off, unless set', () => {
      const { env, command, lines } = run(['claude', '-p', 'hi']);
      expect(env).toMatchObject({
        ANTHROPIC_BASE_URL: 'http://127.0.0.1:3000/proxy/sim-anthropic',
        ANTHROPIC_API_KEY: PLACEHOLDER_KEY,
        DISABLE_TELEMETRY: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      });
      expect(command).toEqual(['claude', '-p', 'hi']);
      expect(lines).toContain('claude: Claude Code, its telemetry and non-essential traffic off');
      // Its own auth token is its key: no placeholder beside it; what the user set stays.
      const own = run(['claude', '-p', 'hi'], { ANTHROPIC_AUTH_TOKEN: 'tok', DISABLE_TELEMETRY: '0' }).env;
      expect(own.ANTHROPIC_API_KEY).toBeUndefined();
      expect(own.DISABLE_TELEMETRY).toBeUndefined();
      expect(own.CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC).toBe('1');
      // Another command is told nothing of Claude Code.
      expect(run(['node', 'app.js']).env.DISABLE_TELEMETRY).toBeUndefined();
    });

    it('Codex: a provider of its own at the proxy, given with -c after its name, its key from OPENAI_API_KEY', () => {
      const { env, command } = run(['npx', '@openai/codex', 'exec', '--skip-git-repo-check', 'hi']);
      expect(command).toEqual([
        'npx',
        '@openai/codex',
        '-c',
        'model_provider="sluice"',
        '-c',
        'model_providers.sluice={ name = "Sluice", base_url = "http://127.0.0.1:3000/proxy/openai", env_key = "OPENAI_API_KEY", ' +
          'wire_api = "responses", supports_websockets = false }',
        '-c',
        'analytics.enabled=false',
        'exec',
        '--skip-git-repo-check',
        'hi',
      ]);
      expect(env.OPENAI_API_KEY).toBe(PLACEHOLDER_KEY);
      // A key given as CODEX_API_KEY (what `codex exec` reads) is the one it sends.
      expect(run(['codex', 'exec', 'hi'], { CODEX_API_KEY: 'sk-codex' }).command[4]).toContain('env_key = "CODEX_API_KEY"');
      expect(run(['codex', 'exec', 'hi'], { CODEX_API_KEY: 'sk-codex', OPENAI_API_KEY: 'sk-o' }).command[4]).toContain(
        'env_key = "OPENAI_API_KEY"',
      );
      // With no OpenAI provider, Codex is left as it is.
      const anthropicOnly = providers.filter((p) => p.protocol === 'anthropic-messages');
      expect(proxyEnvironment(anthropicOnly, { ...sluice, command: ['codex', 'exec'] }, {}).command).toEqual(['codex', 'exec']);
    });

    it('Gemini CLI: GOOGLE_GEMINI_BASE_URL and GEMINI_API_KEY, as the SDK reads them', () => {
      const { env, command } = run(['gemini', '-p', 'hi']);
      expect(env).toMatchObject({
        GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:3000/proxy/sim-gemini',
        GEMINI_API_KEY: PLACEHOLDER_KEY,
      });
      expect(command).toEqual(['gemini', '-p', 'hi']);
    });

    it('aider: OPENAI_API_BASE and ANTHROPIC_BASE_URL, its analytics off', () => {
      const { env, command } = run(['aider', '--model', 'sonnet']);
      expect(env).toMatchObject({
        OPENAI_API_BASE: 'http://127.0.0.1:3000/proxy/openai',
        ANTHROPIC_BASE_URL: 'http://127.0.0.1:3000/proxy/sim-anthropic',
        AIDER_ANALYTICS: 'false',
      });
      expect(command).toEqual(['aider', '--model', 'sonnet']);
    });

    it('leaves the Agents SDK’s tracing to an app with its own OpenAI key', () => {
      expect(run(['node', 'app.js'], { OPENAI_API_KEY: 'sk-mine' }).env.OPENAI_AGENTS_DISABLE_TRACING).toBeUndefined();
      expect(run(['node', 'app.js'], { OPENAI_AGENTS_DISABLE_TRACING: '0' }).env.OPENAI_AGENTS_DISABLE_TRACING).toBeUndefined();
    });
  });
});
