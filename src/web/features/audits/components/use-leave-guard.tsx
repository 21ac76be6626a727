/**
 * Leaving an audit wizard with work in it asks first: while `dirty`, a close passed through
 * `guard` (Escape, the close button, Cancel, a click outside), a click on an in-app link, and
 * closing or reloading the tab are held until the user confirms 'Leave' in 'Leave this audit?'.
 * Nothing is asked while nothing was entered.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';

/** The in-app address a click on `target` would open, or null (another site, a new tab, a download). */
function inAppLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  return to === `${window.location.pathname}${window.location.search}${window.location.hash}` ? null : to;
}

export function useLeaveGuard(dirty: boolean): { guard: (leave: () => void) => void; leaveDialog: ReactNode } {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    // Capture on the document runs before the router's own click handler on the link.
    const click = (event: MouseEvent) => {
      const to = inAppLink(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => navigate(to));
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, navigate]);

  const guard = (leave: () => void) => {
    if (dirty) setPending(() => leave);
    else leave();
  };

  const leaveDialog = (
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Leave this audit?</AlertDialogTitle>
          <AlertDialogDescription>The details you entered and the scan files you added will be lost.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel autoFocus>Stay</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => {
              const leave = pending;
              setPending(null);
              leave?.();
            }}
          >
            Leave
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
  return { guard, leaveDialog };
}
