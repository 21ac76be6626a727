/**
 * Routes (spec part 1 section 2, part 2 "Route overview"). Every page is its own chunk.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { userDisplayName } from '@/features/auth/user-display';

const NotFoundPage = lazy(() => import('@/components/NotFoundPage'));
const ComingSoonPage = lazy(() => import('@/components/ComingSoonPage'));
const LandingPage = lazy(() => import('@/features/landing/LandingPage'));
const DashboardPage = lazy(() => import('@/features/dashboard/DashboardPage'));
const TeamLoginPage = lazy(() => import('@/features/auth/components/TeamLoginPage'));
const ProductsPage = lazy(() => import('@/features/products/components/ProductsPage'));
const AuditsPage = lazy(() => import('@/features/audits/AuditsPage'));
const AuditDetailPage = lazy(() => import('@/features/audits/AuditDetailPage'));

function Page({ children, fullScreen = false }: { children: ReactNode; fullScreen?: boolean }) {
  return <Suspense fallback={<PagePlaceholder fullScreen={fullScreen} />}>{children}</Suspense>;
}

/** The dashboard greets the signed-in user by name (composed here: features do not import each other). */
function DashboardRoute() {
  const { user } = useCurrentUser();
  return <DashboardPage userName={userDisplayName(user)} />;
}

/** Signed-in pages that are not built yet. */
const COMING_SOON: ReadonlyArray<[path: string, title: string]> = [
  ['/tasks', 'Active Tasks'],
  ['/billing', 'Billing'],
  ['/subscribe', 'Choose Your Plan'],
  ['/team', 'Team Members'],
  ['/tag-analytics', 'Tag Analytics'],
  ['/tag-analytics/:tagName', 'Tag Analytics'],
  ['/analytics', 'Analytics'],
  ['/integrations', 'Integrations'],
  ['/settings', 'Settings'],
  ['/help', 'Help & Support'],
];

export function SignedInRoutes() {
  return (
    <Page>
      <Switch>
        <Route path="/">
          <DashboardRoute />
        </Route>
        <Route path="/products">
          <ProductsPage />
        </Route>
        <Route path="/audits">
          <AuditsPage />
        </Route>
        <Route path="/audits/:id">{(params) => <AuditDetailPage id={params.id} />}</Route>
        {COMING_SOON.map(([path, title]) => (
          <Route key={path} path={path}>
            <ComingSoonPage title={title} />
          </Route>
        ))}
        {/* Signed-in users have no use for the sign-in screen. */}
        <Route path="/team-login">
          <Redirect to="/" replace />
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Page>
  );
}

export function SignedOutRoutes() {
  return (
    <Page fullScreen>
      <Switch>
        <Route path="/">
          <LandingPage />
        </Route>
        <Route path="/team-login">
          <TeamLoginPage />
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Page>
  );
}
