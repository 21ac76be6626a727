/**
 * Listens for keyboard-wedge scanner reads anywhere on the page (DESIGN.md section 14): the keys
 * go through WedgeDetector; a read's Enter/Tab (and the GS control keys) are kept from the page.
 * When a read was typed into a text field, the field gets back the text it had before the read,
 * so a scanner fired while the quantity field has the focus reads a code, not a quantity.
 */
import { useEffect, useRef } from 'react';
import { WEDGE_MAX_GAP_MS, WedgeDetector } from './wedge-detector';

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
    let snapshot: { field: HTMLInputElement | HTMLTextAreaElement; value: string } | null = null;
    let lastKeyAt = -Infinity;
    const listen = (event: KeyboardEvent) => {
      if (event.type === 'keydown') {
        // A key after a pause may start a read: remember what the field held before it.
        if (event.timeStamp - lastKeyAt > WEDGE_MAX_GAP_MS) snapshot = isTextField(event.target) ? { field: event.target, value: event.target.value } : null;
        lastKeyAt = event.timeStamp;
      }
      const action = detector.feed({
        type: event.type as 'keydown' | 'keyup',
        key: event.key,
        code: event.code,
        timeStamp: event.timeStamp,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
      });
      if (action.kind === 'pass') return;
      event.preventDefault();
      event.stopPropagation();
      if (action.kind === 'read') {
        if (snapshot && snapshot.field.value !== snapshot.value) restoreField(snapshot.field, snapshot.value);
        snapshot = null;
        handler.current(action.value);
      }
    };
    window.addEventListener('keydown', listen, true);
    window.addEventListener('keyup', listen, true);
    return () => {
      window.removeEventListener('keydown', listen, true);
      window.removeEventListener('keyup', listen, true);
    };
  }, [enabled]);
}
