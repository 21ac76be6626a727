/**
 * Focus after a dialog closes. Radix returns the focus to what had it before the dialog opened;
 * when a delete or a bulk edit removed that element (its row, or the selection's buttons), the
 * focus would fall to the page body and a keyboard user would start over from the top.
 */

/** Call from a dialog's onCloseAutoFocus: once Radix is done, use `fallback` if the focus was lost. */
export function refocus(fallback: (() => HTMLElement | null | undefined) | undefined): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!active || active === document.body) fallback?.()?.focus();
  });
}
