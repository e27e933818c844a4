import 'server-only';
/**
 * Whether the claims list `role` at `path`, a dotted path into them (`roles`, `groups`,
 * Keycloak's `realm_access.roles`): a list holding it, or a string equal to it (some
 * providers send a single role as a string). Anything else, missing included, is no.
 */
export function hasRole(claims: Record<string, unknown>, path: string, role: string): boolean {
  let value: unknown = claims;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return Array.isArray(value) ? value.includes(role) : value === role;
}
