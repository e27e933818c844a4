import { describe, expect, it } from 'vitest';
import { parseWithArgs, PLACEHOLDER_KEY, proxyEnvironment } from './with-env.mjs';

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
      ANTHROPIC_API_KEY: PLACEHOLDER_KEY,
      GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:3000/proxy/sim-gemini',
      GEMINI_API_KEY: PLACEHOLDER_KEY,
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
});
