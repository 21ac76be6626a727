import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/sonner';
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { queryClient } from '@/lib/query-client';
import { AppShell } from './AppShell';
import { SignedInRoutes, SignedOutRoutes } from './routes';

/** `GET /api/auth/user` decides which routes exist (spec part 1 sections 2 and 6). */
function Root() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PagePlaceholder fullScreen />;
  if (!user) return <SignedOutRoutes />;
  return (
    <AppShell user={user}>
      <SignedInRoutes />
    </AppShell>
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
