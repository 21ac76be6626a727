import type { ReactNode } from 'react';
import type { CurrentUser } from '../../contracts/auth';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { PermissionsProvider } from '@/lib/permissions';
import { AppSidebar } from './AppSidebar';

/** Collapsible sidebar plus main content area (spec part 1 section 2 "Authenticated layout"). */
export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <SidebarProvider>
      <a
        href="#main"
        className="bg-background focus-visible:ring-ring sr-only z-50 rounded-md px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus-visible:ring-2"
      >
        Skip to content
      </a>
      <AppSidebar user={user} />
      <SidebarInset>
        <header className="bg-background/95 sticky top-0 z-10 flex h-12 shrink-0 items-center gap-2 border-b px-4 backdrop-blur">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
          <span className="text-muted-foreground text-sm md:hidden">StockTally</span>
          <kbd className="text-muted-foreground ml-auto hidden rounded border px-1.5 py-0.5 font-mono text-[10px] md:inline-block" title="Toggle the sidebar">
            Ctrl/⌘ B
          </kbd>
        </header>
        <div id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
          <PermissionsProvider role={user.role}>{children}</PermissionsProvider>
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
