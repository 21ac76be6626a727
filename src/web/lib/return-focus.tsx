import * as React from 'react';

/**
 * Focus back to the opener when a Radix dialog closes (Dialog, AlertDialog, Sheet). Radix returns
 * the focus on close only to its own Trigger; the app's dialogs are mostly opened by a plain
 * button with a controlled `open` (the sidebar's menu button, a row's Delete), and the focus fell
 * to the page body.
 *
 * The opener is read while the content first renders, before React moves the focus into it (an
 * `autoFocus` child such as a confirmation's Cancel would otherwise be taken for the opener, and
 * Radix then skips onOpenAutoFocus). On close the opener gets the focus back, unless the caller's
 * onCloseAutoFocus prevented that or the opener is gone (a deleted row): then Radix's own handling
 * and the caller's fallback (lib/refocus) apply.
 */
export function useReturnFocus(onCloseAutoFocus: ((event: Event) => void) | undefined): {
  /** Render as the content's first child: remembers the opener when the content mounts. */
  rememberOpener: React.ReactNode;
  /** Pass as the content's onCloseAutoFocus. */
  onCloseAutoFocus: (event: Event) => void;
} {
  const opener = React.useRef<HTMLElement | null>(null);
  return {
    rememberOpener: (
      <RememberOpener
        onMount={(element) => {
          opener.current = element;
        }}
      />
    ),
    onCloseAutoFocus: (event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

/** Mounted with the dialog's content: its first render happens while the opener still has the focus. */
function RememberOpener({ onMount }: { onMount: (opener: HTMLElement | null) => void }) {
  React.useState(() => {
    const active = document.activeElement;
    onMount(active instanceof HTMLElement && active !== document.body ? active : null);
  });
  return null;
}
