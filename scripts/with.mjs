/**
 * `npm run with -- <command> [args…]`: runs a command with the base-URL variables the
 * official SDKs read pointing at Sluice's recording proxy, so every request it makes
 * shows on the Traffic page without a change to its code. By default the first
 * provider of each protocol in the providers file (the simulator's when the file has
 * none); `--openai ID`, `--anthropic ID` and `--gemini ID` pick others, `--sluice URL`
 * names the Sluice to record through (default: http://127.0.0.1:$PORT when PORT is set,
 * else the address the running `npm start` wrote, else http://127.0.0.1:3000).
 * An app with no key of its own gets the placeholder `sluice-proxy`, which the proxy
 * replaces with the provider's configured key; when Sluice has sign-in on, set
 * SLUICE_TOKEN to a personal token, which it gets instead (and stands for the same). `--cassette NAME` records to or plays
 * back from `cassettes/NAME.har` (`--mode`, hybrid by default: play back what is
 * recorded, record the rest), so `--mode playback` runs a test suite offline.
 * Agents known by their command's name (claude, codex, gemini, aider) get what else
 * they need to go through Sluice (scripts/with-env.mjs): Codex its base URL as `-c`
 * options, each its telemetry off.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { proxyEnvironment, parseWithArgs, runNameOf, startedAddress } from './with-env.mjs';

const usage =
  'Usage: npm run with -- [--sluice URL] [--openai ID] [--anthropic ID] [--gemini ID]\n' +
  '                       [--cassette NAME [--mode record|playback|hybrid] [--pace recorded|instant|Nx]] <command> [args…]';

let options;
try {
  options = parseWithArgs(process.argv.slice(2), process.env, startedAddress(process.env));
} catch (error) {
  console.error(`sluice: ${error.message}\n${usage}`);
  process.exit(2);
}

let providers;
try {
  const token = process.env.SLUICE_TOKEN;
  const response = await fetch(`${options.sluice}/api/providers`, { headers: token ? { 'x-sluice-token': token } : {} });
  if (response.status === 401) {
    console.error(
      `sluice: ${options.sluice} has sign-in on${token ? ' and refused SLUICE_TOKEN' : ''}: make a token on its Tokens page and set SLUICE_TOKEN to it.`,
    );
    process.exit(2);
  }
  if (!response.ok) throw new Error(`it answered HTTP ${response.status}`);
  ({ providers } = await response.json());
} catch (error) {
  console.error(
    `sluice: Sluice is not answering at ${options.sluice} (${error.cause?.code ?? error.message}). Start it with npm start, or name it with --sluice URL.`,
  );
  process.exit(2);
}

let recorded;
try {
  // One run per invocation: its requests are tagged in the base URLs it is handed, so the agent stays unchanged.
  recorded = proxyEnvironment(providers, { ...options, run: runNameOf(options.command) }, process.env);
} catch (error) {
  console.error(`sluice: ${error.message}`);
  process.exit(2);
}
for (const line of recorded.lines) console.error(`sluice: ${line}`);
console.error(`sluice: watch it at ${options.sluice}/runs`);

// The command as given, but for an agent that takes its base URL only as an option (Codex: `-c`).
const [program, ...args] = recorded.command;
const child = spawn(program, args, { stdio: 'inherit', env: { ...process.env, ...recorded.env } });
child.on('error', (error) => {
  console.error(`sluice: cannot run ${program}: ${error.message}`);
  process.exit(127);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
// As a shell reports a command a signal ended: 128 and the signal's number (SIGINT 130, SIGTERM 143).
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 1) : 0)));
