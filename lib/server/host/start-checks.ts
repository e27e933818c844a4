import 'server-only';
import { ConfigError, configPath, loadProviders } from '@/lib/providers/config';
import { type Environment, EnvironmentError, checkEnvironment } from '@/lib/server/platform/environment';
import { ALLOWED_HOSTS_VARIABLE, hostAllowed, isLoopback } from '@/lib/server/platform/allowed-hosts';
import { RedisUnreachable, connectRedis, describeRedisUrl } from '@/lib/server/platform/redis';
import { StoreError, describeStore, store } from '@/lib/server/store';
import { AuthSettingsError, authSettings } from '@/lib/server/auth/auth-settings';

/** A reason the server must not serve: the message names what to fix, never a password. */
export class StartRefused extends Error {}

/**
 * What the server checks as it starts (instrumentation.ts), before it answers anyone:
 * its environment variables, the names it may serve, the providers file, the database
 * and Redis. A problem here stops it with a message naming the file, the folder or the variable, instead of a
 * blank page or a failed reply later. `say` hears what it serves, as it learns it.
 */
export async function checkBeforeServing(
  env: Record<string, string | undefined> = process.env,
  say: (note: string) => void = () => {},
): Promise<void> {
  let settings: Environment;
  try {
    settings = checkEnvironment(env);
  } catch (error) {
    if (error instanceof EnvironmentError) throw new StartRefused(`an environment variable is wrong.\n${error.message}`);
    throw error;
  }
  const host = settings.HOST;
  // Served beyond this machine, Sluice must know the names it is reached by (anything else
  // could be DNS rebinding), and whoever reaches the port can spend the configured keys.
  if (!isLoopback(host)) {
    if (settings.SLUICE_ALLOWED_HOSTS.length === 0) {
      throw new StartRefused(
        `HOST=${host} serves it beyond this machine, but ${ALLOWED_HOSTS_VARIABLE} is not set.\n` +
          `Set ${ALLOWED_HOSTS_VARIABLE} to the names browsers will use to reach it ` +
          `(for example ${ALLOWED_HOSTS_VARIABLE}=sluice.example.com,10.0.0.5); requests for any other name are refused.`,
      );
    }
    if (settings.SLUICE_AUTH === 'none')
      say(
        `WARNING: serving on ${host} with SLUICE_AUTH=none. There is no login: anyone who can reach this port ` +
          'can use the configured API keys and read the history (docs/operations.md, "Teams: sign-in").',
      );
  }
  try {
    const auth = authSettings(settings);
    // The provider sends people back to SLUICE_PUBLIC_URL: a name the Host check refuses would end every sign-in in a 403.
    const publicHost = auth.mode === 'oidc' ? new URL(auth.oidc.publicUrl).host : undefined;
    if (publicHost && !hostAllowed(publicHost, settings.SLUICE_ALLOWED_HOSTS))
      throw new AuthSettingsError(
        `SLUICE_PUBLIC_URL is at ${publicHost}, a name this server does not answer to: add it to ${ALLOWED_HOSTS_VARIABLE}.`,
      );
    if (auth.mode !== 'none')
      say(`sign-in: ${auth.mode}${auth.mode === 'proxy' ? (auth.assertion ? ' (signed assertion)' : ' (trusted headers)') : ''}`);
  } catch (error) {
    if (error instanceof AuthSettingsError) throw new StartRefused(`sign-in is not set up.\n${error.message}`);
    throw error;
  }

  try {
    const providers = loadProviders(env);
    const file = configPath(env);
    say(`${providers.length} providers (${file ? `from ${file}` : 'built-in simulator only'})`);
  } catch (error) {
    if (error instanceof ConfigError) throw new StartRefused(`the providers file is invalid.\n${error.message}`);
    throw error;
  }

  try {
    await store();
    say(`conversations in ${describeStore(env)}`);
  } catch (error) {
    if (error instanceof StoreError) throw new StartRefused(error.message);
    throw error;
  }

  const redisUrl = settings.REDIS_URL;
  if (redisUrl) {
    try {
      await (await connectRedis(redisUrl)).quit();
      say(`replies in flight shared through Redis at ${describeRedisUrl(redisUrl)}`);
    } catch (error) {
      if (error instanceof RedisUnreachable) throw new StartRefused(error.message);
      throw error;
    }
  }
}

/**
 * Runs the checks as the server starts (instrumentation.ts): says what it serves, or
 * names the problem and exits, before the request that woke it is answered.
 */
export async function checkOrExit(): Promise<void> {
  try {
    await checkBeforeServing(process.env, (note) => (note.startsWith('WARNING') ? console.warn : console.log)(`Sluice: ${note}`));
  } catch (error) {
    console.error(`Sluice cannot start: ${error instanceof StartRefused ? error.message : String(error)}`);
    process.exit(1);
  }
}
