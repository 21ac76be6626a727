import { describe, expect, it } from 'vitest';
import { GS, WedgeDetector, type WedgeAction, type WedgeKey } from './wedge-detector';

/** Feeds `text` as keydowns `gap` ms apart from `start`, then `end` (Enter by default); answers the last action. */
function type(d: WedgeDetector, text: string, gap: number, opts: { start?: number; end?: string; endGap?: number } = {}): WedgeAction {
  let t = opts.start ?? 1000;
  for (const ch of text) {
    d.feed({ type: 'keydown', key: ch, timeStamp: t });
    t += gap;
  }
  return d.feed({ type: 'keydown', key: opts.end ?? 'Enter', timeStamp: t - gap + (opts.endGap ?? gap) });
}

describe('WedgeDetector', () => {
  it('takes fast keystrokes ending in Enter or Tab as a read', () => {
    expect(type(new WedgeDetector(), '5901234123457', 8)).toEqual({ kind: 'read', value: '5901234123457' });
    expect(type(new WedgeDetector(), 'SKU-1', 30, { end: 'Tab' })).toEqual({ kind: 'read', value: 'SKU-1' });
    expect(type(new WedgeDetector(), 'ABCD', 100)).toEqual({ kind: 'read', value: 'ABCD' });
  });

  it('never takes a person typing for a scanner', () => {
    expect(type(new WedgeDetector(), '5901234123457', 101)).toEqual({ kind: 'pass' });
    expect(type(new WedgeDetector(), '12', 120)).toEqual({ kind: 'pass' });
    // Fast, but an Enter that comes after a pause is a person confirming what they typed.
    expect(type(new WedgeDetector(), '1234', 20, { endGap: 400 })).toEqual({ kind: 'pass' });
  });

  it('needs at least 4 characters', () => {
    expect(type(new WedgeDetector(), 'ABC', 5)).toEqual({ kind: 'pass' });
  });

  it('starts over after a pause: only the fast run before Enter is the read', () => {
    const d = new WedgeDetector();
    d.feed({ type: 'keydown', key: 'x', timeStamp: 0 });
    d.feed({ type: 'keydown', key: 'y', timeStamp: 50 });
    expect(type(d, '4006381333931', 10, { start: 500 })).toEqual({ kind: 'read', value: '4006381333931' });
  });

  it('drops a run broken by Backspace or an arrow key', () => {
    const d = new WedgeDetector();
    d.feed({ type: 'keydown', key: 'A', timeStamp: 0 });
    d.feed({ type: 'keydown', key: 'B', timeStamp: 10 });
    d.feed({ type: 'keydown', key: 'Backspace', timeStamp: 20 });
    expect(d.pending).toBe('');
  });

  it('keeps the GS character sent as itself, as Ctrl+] and as Alt+029', () => {
    const d = new WedgeDetector();
    const keys: WedgeKey[] = [];
    let t = 0;
    const down = (key: string, extra: Partial<WedgeKey> = {}) => keys.push({ type: 'keydown', key, timeStamp: (t += 5), ...extra });
    for (const ch of ']d2011234') down(ch);
    down(GS);
    for (const ch of '10AB') down(ch);
    down(']', { ctrlKey: true, code: 'BracketRight' });
    for (const ch of '21X') down(ch);
    down('Alt', { altKey: true });
    down('0', { altKey: true, code: 'Numpad0' });
    down('2', { altKey: true, code: 'Numpad2' });
    down('9', { altKey: true, code: 'Numpad9' });
    keys.push({ type: 'keyup', key: 'Alt', timeStamp: (t += 5) });
    for (const ch of '17271231') down(ch);
    const actions = keys.map((k) => d.feed(k));
    // The GS key, Ctrl+], the three Alt digits and the release of Alt never reach the page.
    expect(actions.filter((a) => a.kind === 'swallow').length).toBe(6);
    expect(d.feed({ type: 'keydown', key: 'Enter', timeStamp: t + 5 })).toEqual({ kind: 'read', value: `]d2011234${GS}10AB${GS}21X${GS}17271231` });
  });

  it('does not read shortcuts: a Meta or Ctrl combination is no character', () => {
    const d = new WedgeDetector();
    d.feed({ type: 'keydown', key: 'c', ctrlKey: true, timeStamp: 0 });
    expect(d.pending).toBe('');
  });
});
