import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useIsMobile } from '@/hooks/use-mobile';
import { useModalOpen } from '@/hooks/use-modal-open';

/**
 * The app's toaster: at most one toast visible, 5000 ms each (spec part 1 section 9; every call
 * goes through `@/lib/toast`, which replaces the toast showing), placed clear of what the user is
 * reading. From 768 px up: bottom right, beside a centred dialog's buttons and away from the page
 * headings at the top left. On a phone (sonner: a toast spans the screen up to 600 px): at the
 * bottom, away from the page heading and the menu button at the top; while a dialog is open, whose
 * buttons sit at its bottom and which covers the heading, at the top below the 48 px header
 * (AppShell).
 * Light theme only for now (the shadcn version reads next-themes, which we do not use).
 */
function Toaster(props: ToasterProps) {
  const phone = useIsMobile();
  const modal = useModalOpen();
  return (
    <Sonner
      theme="light"
      position={phone ? (modal ? 'top-center' : 'bottom-center') : 'bottom-right'}
      mobileOffset={{ top: 56, bottom: 16 }}
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
