import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INVITE_TTL_MS, hashInviteToken, newInviteToken } from './invite-token.js';

describe('invitation tokens (DESIGN.md section 8)', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256 in hex, valid 7 days', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const a = newInviteToken(now);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    expect(a.hash).toBe(createHash('sha256').update(a.token).digest('hex'));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.expiresAt.getTime() - now.getTime()).toBe(7 * 24 * 3600 * 1000);
    expect(INVITE_TTL_MS).toBe(7 * 24 * 3600 * 1000);
    expect(newInviteToken(now).token).not.toBe(a.token);
    expect(hashInviteToken(a.token)).toBe(a.hash);
  });
});
