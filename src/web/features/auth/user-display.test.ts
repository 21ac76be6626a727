import { describe, expect, it } from 'vitest';
import { userDisplayName, userInitials } from './user-display';

describe('user display (spec part 1 "Authenticated layout")', () => {
  it('initials: first + last name, else e-mail, else U', () => {
    expect(userInitials({ firstName: 'dana', lastName: 'Whitfield', email: 'd@x.io' })).toBe('DW');
    expect(userInitials({ firstName: 'Dana', lastName: null, email: 'd@x.io' })).toBe('D');
    expect(userInitials({ firstName: ' ', lastName: '', email: 'zoe@x.io' })).toBe('Z');
    expect(userInitials({ firstName: null, lastName: null, email: '' })).toBe('U');
    expect(userInitials(null)).toBe('U');
  });

  it('name: full name, else e-mail, else User', () => {
    expect(userDisplayName({ firstName: 'Dana', lastName: 'Whitfield', email: 'd@x.io' })).toBe('Dana Whitfield');
    expect(userDisplayName({ firstName: null, lastName: 'Whitfield', email: 'd@x.io' })).toBe('Whitfield');
    expect(userDisplayName({ firstName: '', lastName: null, email: 'd@x.io' })).toBe('d@x.io');
    expect(userDisplayName({ firstName: null, lastName: null, email: '' })).toBe('User');
  });
});
