import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { SECTION_LINKS } from './section-links';

/**
 * Footer (spec part 1 section 2 "Landing page"). The spec does not show where the Product and
 * Support pages live, so they are plain text, not links that lead nowhere.
 */
/** A page the footer names without linking to it. */
function PlainItem({ children }: { children: string }) {
  return <li className="text-muted-foreground cursor-default">{children}</li>;
}

const PRODUCT_PAGES = ['API Documentation'];
const SUPPORT_PAGES = ['Help Center', 'Contact Us', 'Status Page', 'Security'];
const LEGAL_PAGES = ['Privacy Policy', 'Terms of Service', 'Cookie Policy'];

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="text-muted-foreground mt-4 grid gap-3 text-sm">{children}</ul>
    </div>
  );
}

export function LandingFooter() {
  return (
    <footer className="bg-muted/40">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="col-span-2 max-w-xs md:col-span-1">
          <Logo />
          <p className="text-muted-foreground mt-4 text-sm leading-relaxed">
            Inventory audits for small and growing businesses: your catalogue, your scans, one clear report.
          </p>
        </div>
        <Column title="Product">
          {SECTION_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="hover:text-foreground transition-colors">
                {link.label}
              </a>
            </li>
          ))}
          {PRODUCT_PAGES.map((page) => (
            <PlainItem key={page}>{page}</PlainItem>
          ))}
        </Column>
        <Column title="Support">
          {SUPPORT_PAGES.map((page) => (
            <PlainItem key={page}>{page}</PlainItem>
          ))}
        </Column>
      </div>
      <div className="border-t">
        <div className="text-muted-foreground mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-xs sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} StockTally. All rights reserved.</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL_PAGES.map((page) => (
              <PlainItem key={page}>{page}</PlainItem>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
