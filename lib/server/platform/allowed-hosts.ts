import 'server-only';

/**
 * Which Host names Sluice answers to. A page served from another name could be a
 * DNS-rebinding attack (a foreign name resolved to this machine), and a rebound GET
 * carries no Origin: only the Host header tells it apart. Loopback names are always
 * allowed; anything else must be listed in SLUICE_ALLOWED_HOSTS.
 */
export const ALLOWED_HOSTS_VARIABLE = 'SLUICE_ALLOWED_HOSTS' as const;

/** The host name of a Host header (`name:port`, `[v6]:port`), lowercased, without port or trailing dot. */
export function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const name = trimmed.startsWith('[') ? trimmed.slice(0, trimmed.indexOf(']') + 1) : trimmed.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

/** Loopback: `localhost`, `*.localhost`, 127.0.0.0/8 and ::1 (which browsers never resolve elsewhere). */
export function isLoopback(name: string): boolean {
  const n = hostName(name);
  if (n === 'localhost' || n.endsWith('.localhost')) return true;
  if (n === '[::1]' || n === '::1') return true;
  return /^127(\.\d{1,3}){3}$/.test(n);
}

/** The names in SLUICE_ALLOWED_HOSTS: comma- or space-separated; `.example.com` or `*.example.com` allows its subdomains too. */
export function allowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase().replace(/^\*\./, '.'))
    .filter(Boolean)
    .map((entry) => (entry.startsWith('.') ? entry : hostName(entry)));
}

export function hostAllowed(host: string | null, allowed: string[]): boolean {
  if (!host) return false;
  const name = hostName(host);
  if (!name || isLoopback(name)) return Boolean(name);
  return allowed.some((entry) => (entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry));
}
