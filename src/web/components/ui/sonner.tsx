import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * The app's toaster: at most one toast visible, 5000 ms each (spec part 1 section 9), at the top
 * centre of the screen: dialogs keep their buttons at the bottom, where a toast would cover them.
 * On a phone (sonner: up to 600 px wide) a toast spans the screen, so it starts below the 48 px
 * header (AppShell) instead of over it: the menu button stays reachable while it shows (and a
 * pointer resting on a toast holds it open).
 * Light theme only for now (the shadcn version reads next-themes, which we do not use).
 */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="top-center"
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
