import { describe, expect, it } from 'vitest';
import { ALL_ROLES, CAPABILITIES, can } from './roles.js';

describe('roles (DESIGN.md section 3)', () => {
  it('gives the owner everything and billing to the owner alone', () => {
    for (const capability of Object.keys(CAPABILITIES) as Array<keyof typeof CAPABILITIES>) expect(can('owner', capability)).toBe(true);
    expect(ALL_ROLES.filter((r) => can(r, 'manageBilling'))).toEqual(['owner']);
  });

  it('gives an admin everything but billing and the full rebuild of tag analytics', () => {
    expect((Object.keys(CAPABILITIES) as Array<keyof typeof CAPABILITIES>).filter((c) => !can('admin', c))).toEqual(['manageBilling', 'rebuildTagAnalytics']);
  });

  it('lets a member read and run audits, nothing more', () => {
    expect((Object.keys(CAPABILITIES) as Array<keyof typeof CAPABILITIES>).filter((c) => can('member', c))).toEqual(['read', 'runAudits']);
  });

  it('keeps a viewer, and nobody signed out, read-only', () => {
    expect((Object.keys(CAPABILITIES) as Array<keyof typeof CAPABILITIES>).filter((c) => can('viewer', c))).toEqual(['read']);
    expect(can(null, 'read')).toBe(false);
    expect(can(undefined, 'read')).toBe(false);
  });
});
