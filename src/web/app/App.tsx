import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/sonner';
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { queryClient } from '@/lib/query-client';
import { SignedInRoutes, SignedOutRoutes } from './routes';

// The signed-in shell (sidebar, tooltips, sheet: Radix and Floating UI) is its own chunk, fetched
// at once while the signed-in user is asked for, so the first-load bundle holds neither it nor
// what only signed-out pages use (issue 28: the count screen's first load on a phone).
const shellChunk = import('./AppShell');
const AppShell = lazy(() => shellChunk.then((m) => ({ default: m.AppShell })));

/** `GET /api/auth/user` decides which routes exist (spec part 1 sections 2 and 6). */
function Root() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PagePlaceholder fullScreen />;
  if (!user) return <SignedOutRoutes />;
  return (
    <Suspense fallback={<PagePlaceholder fullScreen />}>
      <AppShell user={user}>
        <SignedInRoutes />
      </AppShell>
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Root />
      <Toaster />
    </QueryClientProvider>
  );
}
