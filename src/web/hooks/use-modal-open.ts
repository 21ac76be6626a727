import * as React from 'react';

const OPEN_MODAL = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

function subscribe(onChange: () => void): () => void {
  // Radix mounts dialogs in portals on <body> and flips their data-state when they open or close.
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
  return () => observer.disconnect();
}

/**
 * True while a dialog, alert dialog, side sheet or popover (Radix, `role="dialog"` with
 * `data-state="open"`) is open anywhere on the page; re-renders when that changes.
 */
export function useModalOpen(): boolean {
  return React.useSyncExternalStore(
    subscribe,
    () => document.querySelector(OPEN_MODAL) !== null,
    () => false,
  );
}
