import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './json-body.js';
import { controlCharacterField } from './request-guards.js';

describe('nestedDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestedDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(nestedDeeperThan('{"a":[{"b":[]}]}', 3)).toBe(true);
    expect(nestedDeeperThan('{"a":"[[[[[[[[{{{{{{"}', 1)).toBe(false);
    expect(nestedDeeperThan('["\\"[[[[", ["\\\\"], [[]]]', 3)).toBe(false);
    expect(nestedDeeperThan('["\\"[[[[", ["\\\\"], [[[]]]]', 3)).toBe(true);
    expect(nestedDeeperThan('x'.repeat(100), 0)).toBe(false);
  });

  it('stops at the limit on a 100,000-deep text, open or closed', () => {
    const deep = '['.repeat(100_000);
    expect(nestedDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
    expect(nestedDeeperThan('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
  });
});

describe('controlCharacterField', () => {
  it('finds the first field in the order of the text, keys before their values', () => {
    expect(controlCharacterField({ a: 'ok', b: { c: ['x', 'y\u0000'] }, d: '\u0001' }, 'body')).toBe('body.b.c.1');
    expect(controlCharacterField({ a: { 'k\u0007': 'v' }, b: '\u0000' }, 'body')).toBe('body.a.k\u0007');
    expect(controlCharacterField({ a: 'tab\tand\r\nbreaks' }, 'body')).toBeUndefined();
    expect(controlCharacterField('\u001b', 'query.search')).toBe('query.search');
  });

  it('walks a value nested 100,000 deep without recursing', () => {
    const depth = 100_000;
    const value = JSON.parse('{"a":'.repeat(depth) + '"\\u0000"' + '}'.repeat(depth)) as unknown;
    const field = controlCharacterField(value, 'body');
    expect(field).toBe(`body${'.a'.repeat(depth)}`);
    expect(controlCharacterField(JSON.parse('['.repeat(depth) + ']'.repeat(depth)), 'body')).toBeUndefined();
  });
});
