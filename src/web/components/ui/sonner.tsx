import { toast, Toaster as Sonner, type ToasterProps } from 'sonner';
import { useIsMobile } from '@/hooks/use-mobile';

// One toast at a time (spec part 1 section 9), and never a stale one: a success replaces what
// is showing (a 'Welcome back!' does not sit beside the 'Invalid credentials' it ends).
const success = toast.success;
toast.success = ((...args: Parameters<typeof success>) => {
  toast.dismiss();
  return success(...args);
}) as typeof success;

/**
 * The app's toaster: at most one toast visible, 5000 ms each (spec part 1 section 9), placed clear
 * of what the user is reading. From 768 px up: bottom right, beside a centred dialog's buttons and
 * away from the page headings at the top left. On a phone (sonner: up to 600 px wide, a toast
 * spans the screen): at the top below the 48 px header (AppShell), so the menu button stays
 * reachable and dialog buttons, at the bottom, stay free.
 * Light theme only for now (the shadcn version reads next-themes, which we do not use).
 */
function Toaster(props: ToasterProps) {
  const phone = useIsMobile();
  return (
    <Sonner
      theme="light"
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: 56 }}
      className="toaster group"
      visibleToasts={1}
      duration={5000}
      closeButton
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
