import { describe, expect, it } from 'vitest';
import { hasRole } from './role-claim';

describe('the required role, read from a claim path', () => {
  it('is found in a list or as a single string, however deep', () => {
    expect(hasRole({ realm_access: { roles: ['user', 'sluice'] } }, 'realm_access.roles', 'sluice')).toBe(true);
    expect(hasRole({ roles: 'sluice' }, 'roles', 'sluice')).toBe(true);
    expect(hasRole({ groups: ['sluice'] }, 'groups', 'sluice')).toBe(true);
  });

  it('is missing when the path or the role is, or the value is of another form', () => {
    expect(hasRole({ realm_access: { roles: ['user'] } }, 'realm_access.roles', 'sluice')).toBe(false);
    expect(hasRole({}, 'realm_access.roles', 'sluice')).toBe(false);
    expect(hasRole({ roles: { sluice: true } }, 'roles', 'sluice')).toBe(false);
    expect(hasRole({ roles: ['sluice-admin'] }, 'roles', 'sluice')).toBe(false);
    // Not a way into the prototype.
    expect(hasRole({}, 'constructor.name', 'Object')).toBe(false);
  });
});
