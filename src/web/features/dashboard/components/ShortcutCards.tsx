import { ArrowRight, ListChecks, Package, PlusCircle, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';

/** The three shortcuts of spec part 1 section 2 "Dashboard". */
const SHORTCUTS: Array<{ title: string; text: string; href: string; icon: LucideIcon }> = [
  { title: 'Start New Audit', text: 'Run a cycle count or a product audit.', href: '/audits', icon: PlusCircle },
  { title: 'Manage Products', text: 'Import and edit your product catalogue.', href: '/products', icon: Package },
  { title: 'View Tasks', text: 'See the audits assigned to you and your team.', href: '/tasks', icon: ListChecks },
];

export function ShortcutCards() {
  return (
    <nav aria-label="Shortcuts">
      <ul className="grid gap-4 md:grid-cols-3">
        {SHORTCUTS.map((s) => (
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
