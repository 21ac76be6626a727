/**
 * The signed-in home page (spec part 1 section 2 "Dashboard"): welcome line, four statistics,
 * three shortcuts, the five most recent audits and a Logout button (a POST: src/web/lib/log-out.ts).
 */
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/components/PageHeader';
import { logOut } from '@/lib/log-out';
import { RecentAudits } from './components/RecentAudits';
import { ShortcutCards } from './components/ShortcutCards';
import { StatCards } from './components/StatCards';

/** `userName`: the user's full name, else e-mail, else 'User' (the app shell decides it). */
export default function DashboardPage({ userName }: { userName: string }) {
  useDocumentTitle('Dashboard');
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 p-4 md:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words">Welcome back, {userName}</h1>
          <p className="text-muted-foreground mt-1 text-sm">Here is where your inventory audits stand.</p>
        </div>
        <Button variant="outline" asChild className="self-start">
          {/* A POST with the CSRF token; the link's GET is what a page without scripts gets. */}
          <a
            href="/api/logout"
            onClick={(event) => {
              event.preventDefault();
              void logOut();
            }}
          >
            <LogOut aria-hidden="true" />
            Logout
          </a>
        </Button>
      </div>
      <StatCards />
      <ShortcutCards />
      <RecentAudits />
    </div>
  );
}
