/**
 * Listens for keyboard-wedge scanner reads anywhere on the page (DESIGN.md section 14): the keys
 * go through WedgeDetector; a read's Enter/Tab (and the GS control keys) are kept from the page.
 * When a read was typed into a text field, its characters are taken out of the field again, so a
 * scanner fired while the quantity field has the focus reads a code, not a quantity.
 * Keys kept before the listener started (early-keys.ts: the screen was still loading) are fed
 * first, in order, so a read typed during loading is a read too.
 */
import { useEffect, useRef } from 'react';
import { takeEarlyKeys } from './early-keys';
import { GS, WedgeDetector, wedgeKey } from './wedge-detector';

function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  return target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type));
}

/** Sets a React-controlled field's value as typing would (React listens for 'input'). */
function restoreField(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function useWedgeScanner(onRead: (value: string) => void, enabled = true): void {
  const handler = useRef(onRead);
  useEffect(() => {
    handler.current = onRead;
  });

  useEffect(() => {
    if (!enabled) return;
    const detector = new WedgeDetector();
    const early = takeEarlyKeys();
    for (const key of early.keys) {
      const action = detector.feed(key);
      if (action.kind === 'read') handler.current(action.value);
    }
    const listen = (event: KeyboardEvent) => {
      const action = detector.feed(wedgeKey(event));
      if (action.kind === 'pass') return;
      event.preventDefault();
      event.stopPropagation();
      if (action.kind === 'read') {
        // The read's characters (all but the swallowed GS keys) reached the focused field: take them out.
        const typed = action.value.split(GS).join('');
        const field = event.target;
        if (isTextField(field) && field.value.endsWith(typed)) restoreField(field, field.value.slice(0, field.value.length - typed.length));
        handler.current(action.value);
      }
    };
    window.addEventListener('keydown', listen, true);
    window.addEventListener('keyup', listen, true);
    return () => {
      window.removeEventListener('keydown', listen, true);
      window.removeEventListener('keyup', listen, true);
      early.stopped();
    };
  }, [enabled]);
}
