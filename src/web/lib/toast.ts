/**
 * The app's toasts: sonner's `toast` API, one toast at a time (spec part 1 section 9: "toasts: at
 * most 1 at a time"). Sonner's Toaster only hides toasts past `visibleToasts` and shows them again
 * when the one in front goes, so a stale 'Invalid credentials' would come back after 'Welcome
 * back!'. Each call here first dismisses every toast on screen (`toast.getToasts()` and
 * `toast.dismiss(id)`), except one with the id the call names, which sonner then updates in place.
 * Import `toast` from here, never from 'sonner' (eslint forbids it).
 */
import { toast as sonner, type ExternalToast } from 'sonner';

type Show = (message: Parameters<typeof sonner>[0], data?: ExternalToast) => string | number;

/** `show`, dismissing whatever toast is showing first. */
function alone<T extends Show>(show: T): T {
  return ((message, data) => {
    for (const shown of sonner.getToasts()) {
      if (shown.id !== data?.id) sonner.dismiss(shown.id);
    }
    return show(message, data);
  }) as T;
}

export const toast = Object.assign(alone(sonner), {
  success: alone(sonner.success),
  error: alone(sonner.error),
  info: alone(sonner.info),
  warning: alone(sonner.warning),
  message: alone(sonner.message),
  loading: alone(sonner.loading),
  dismiss: sonner.dismiss,
  getToasts: sonner.getToasts,
});
