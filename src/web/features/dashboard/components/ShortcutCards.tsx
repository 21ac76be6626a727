import { ArrowRight, ListChecks, Package, PlusCircle, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { Capability } from '../../../../domain/roles';
import { usePermissions } from '@/lib/permissions';

interface Shortcut {
  title: string;
  text: string;
  href: string;
  icon: LucideIcon;
  /** Shown only to roles with this capability. */
  needs?: Capability;
}

/** The three shortcuts of spec part 1 section 2 "Dashboard"; a role sees those it can use. */
const SHORTCUTS: Shortcut[] = [
  { title: 'Start New Audit', text: 'Run a cycle count or a product audit.', href: '/audits', icon: PlusCircle, needs: 'runAudits' },
  { title: 'Manage Products', text: 'Import and edit your product catalogue.', href: '/products', icon: Package, needs: 'manageCatalogue' },
  { title: 'View Tasks', text: 'See the audits assigned to you and your team.', href: '/tasks', icon: ListChecks },
];

/** What a role that cannot change the catalogue gets instead of 'Manage Products'. */
const BROWSE_PRODUCTS: Shortcut = { title: 'View Products', text: 'Look up your product catalogue.', href: '/products', icon: Package };

export function ShortcutCards() {
  const { can } = usePermissions();
  const shortcuts = SHORTCUTS.flatMap((s) => (!s.needs || can(s.needs) ? [s] : s.href === '/products' ? [BROWSE_PRODUCTS] : []));
  return (
    <nav aria-label="Shortcuts">
      <ul className="grid gap-4 md:grid-cols-3">
        {shortcuts.map((s) => (
          <li key={s.href}>
            <Link
              href={s.href}
              className="group bg-card hover:border-primary/40 focus-visible:ring-ring/50 flex h-full items-center gap-4 rounded-xl border p-4 shadow-sm sm:p-5 transition-colors outline-none hover:shadow-md focus-visible:ring-[3px]"
            >
              <span className="bg-primary text-primary-foreground flex size-10 shrink-0 items-center justify-center rounded-lg">
                <s.icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{s.title}</span>
                <span className="text-muted-foreground block text-sm">{s.text}</span>
              </span>
              <ArrowRight
                className="text-muted-foreground size-4 shrink-0 transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
