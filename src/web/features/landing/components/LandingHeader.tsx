import { useState } from 'react';
import { Menu, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Logo } from './Logo';
import { SECTION_LINKS } from './section-links';
import { SignInLink } from './SignInLink';

/**
 * Sticky header: logo, section anchors, Sign In and Start Free Trial. Below 768 px the anchors
 * and the trial button fold into a menu; Sign In stays visible at every width.
 */
export function LandingHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  return (
    <header className="bg-background/85 supports-[backdrop-filter]:bg-background/70 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-8 px-4 sm:px-6">
        <a href="#top" aria-label="StockTally, back to top" className="shrink-0">
          <Logo />
        </a>
        <nav aria-label="Sections" className="hidden items-center gap-6 text-sm font-medium md:flex">
          {SECTION_LINKS.map((link) => (
            <a key={link.href} href={link.href} className="text-muted-foreground hover:text-foreground transition-colors">
              {link.label}
            </a>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <SignInLink variant="ghost">Sign In</SignInLink>
          <SignInLink className="hidden md:inline-flex">Start Free Trial</SignInLink>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="landing-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {menuOpen ? (
        <nav id="landing-menu" aria-label="Sections" className="border-t px-4 pt-2 pb-4 md:hidden">
          <ul className="grid gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} onClick={close} className="hover:bg-accent block rounded-md px-3 py-2 text-sm font-medium">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <SignInLink className="mt-3 w-full">Start Free Trial</SignInLink>
        </nav>
      ) : null}
    </header>
  );
}
