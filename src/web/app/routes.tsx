/**
 * Routes (spec part 1 section 2, part 2 "Route overview"). Every page is its own chunk.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PagePlaceholder } from '@/components/PagePlaceholder';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { userDisplayName } from '@/features/auth/user-display';
import { can } from '../../domain/roles';
import { startKeepingKeys } from '@/features/counts/lib/early-keys';
import { startCount } from '@/features/counts/lib/count-start';

const NotFoundPage = lazy(() => import('@/components/NotFoundPage'));
const ComingSoonPage = lazy(() => import('@/components/ComingSoonPage'));
const LandingPage = lazy(() => import('@/features/landing/LandingPage'));
const DashboardPage = lazy(() => import('@/features/dashboard/DashboardPage'));
const TeamLoginPage = lazy(() => import('@/features/auth/components/TeamLoginPage'));
const PasswordGatePage = lazy(() => import('@/features/auth/components/PasswordGatePage'));
const ProductsPage = lazy(() => import('@/features/products/components/ProductsPage'));
const ProductHistoryPage = lazy(() => import('@/features/products/components/ProductHistoryPage'));
const AuditsPage = lazy(() => import('@/features/audits/AuditsPage'));
const AuditDetailPage = lazy(() => import('@/features/audits/AuditDetailPage'));
const CountPage = lazy(() => import('@/features/counts/CountPage'));
const BillingPage = lazy(() => import('@/features/billing/BillingPage'));
const SubscribePage = lazy(() => import('@/features/billing/SubscribePage'));
const TasksPage = lazy(() => import('@/features/tasks/TasksPage'));
const AssignAuditTaskDialog = lazy(() => import('@/features/tasks/components/AssignAuditTaskDialog'));
const TeamPage = lazy(() => import('@/features/team/TeamPage'));
const AcceptInvitePage = lazy(() => import('@/features/team/AcceptInvitePage'));
const TagAnalyticsPage = lazy(() => import('@/features/tag-analytics/TagAnalyticsPage'));
const TagDetailPage = lazy(() => import('@/features/tag-analytics/TagDetailPage'));
const UnknownBarcodesPage = lazy(() => import('@/features/unknown-barcodes/UnknownBarcodesPage'));
const ProductFormDialog = lazy(() => import('@/features/products/components/ProductFormDialog'));

function Page({ children, fullScreen = false }: { children: ReactNode; fullScreen?: boolean }) {
  return <Suspense fallback={<PagePlaceholder fullScreen={fullScreen} />}>{children}</Suspense>;
}

/** The dashboard greets the signed-in user by name (composed here: features do not import each other). */
function DashboardRoute() {
  const { user } = useCurrentUser();
  return <DashboardPage userName={userDisplayName(user)} />;
}

/** Billing screens offer buying and the portal to the owner only (DESIGN.md section 3). */
function BillingRoute({ page: BillingScreen }: { page: typeof BillingPage }) {
  const { user } = useCurrentUser();
  return <BillingScreen isOwner={user?.role === 'owner'} />;
}

/** Tag analytics offer Refresh to writers only (a viewer is read-only, DESIGN.md section 3). */
function useCanWrite(): boolean {
  const { user } = useCurrentUser();
  return Boolean(user) && user?.role !== 'viewer';
}

/** The full rebuild of tag analytics: the owner only (src/domain/roles.ts). */
function useCanRebuildTags(): boolean {
  const { user } = useCurrentUser();
  return can(user?.role, 'rebuildTagAnalytics');
}

function TagAnalyticsRoute() {
  return <TagAnalyticsPage canRefresh={useCanWrite()} canRebuild={useCanRebuildTags()} />;
}

/**
 * Unknown barcodes: mapping and creating products are the catalogue managers' (owner, admin);
 * 'Create Product' opens the products feature's form pre-filled with the value.
 */
function UnknownBarcodesRoute() {
  const { user } = useCurrentUser();
  return (
    <UnknownBarcodesPage
      canAct={can(user?.role, 'manageCatalogue')}
      createProductForm={({ open, onOpenChange, value, onSaved }) => (
        <Suspense fallback={null}>
          <ProductFormDialog
            open={open}
            onOpenChange={onOpenChange}
            product={null}
            prefill={{ sku: value, upc: /^[0-9 -]+$/.test(value) ? value.replace(/[ -]/g, '') : '' }}
            onSaved={onSaved}
          />
        </Suspense>
      )}
    />
  );
}

function TagDetailRoute({ tagName }: { tagName: string }) {
  return <TagDetailPage tagName={tagName} canRefresh={useCanWrite()} />;
}

/**
 * The tag name of /tag-analytics/{tagName}, decoded once from the raw path: the router's own
 * decoding keeps %2F and would decode %25 a second time, so a tag like '50%' or 'a/b' needs this.
 */
function tagNameFromPath(fallback: string): string {
  const raw = window.location.pathname.split('/')[2];
  try {
    return raw === undefined ? fallback : decodeURIComponent(raw);
  } catch {
    return fallback;
  }
}

/** Signed-in pages that are not built yet. */
const COMING_SOON: ReadonlyArray<[path: string, title: string]> = [
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
        <Route path="/products/:id/history">{(params) => <ProductHistoryPage id={params.id} />}</Route>
        <Route path="/audits">
          <AuditsPage assignTaskDialog={AssignAuditTaskDialog} />
        </Route>
        <Route path="/tasks">
          <TasksPage />
        </Route>
        <Route path="/audits/:id/count">
          {(params) => {
            // Keys typed while the screen loads are kept for it (a scanner fires at once), and
            // its server calls start while its code downloads.
            startKeepingKeys();
            startCount(params.id);
            return <CountPage auditId={params.id} />;
          }}
        </Route>
        <Route path="/audits/:id">{(params) => <AuditDetailPage id={params.id} />}</Route>
        <Route path="/billing">
          <BillingRoute page={BillingPage} />
        </Route>
        <Route path="/subscribe">
          <BillingRoute page={SubscribePage} />
        </Route>
        <Route path="/team">
          <TeamPage />
        </Route>
        <Route path="/accept-invite/:token">{(params) => <AcceptInvitePage token={params.token} />}</Route>
        <Route path="/unknown-barcodes">
          <UnknownBarcodesRoute />
        </Route>
        <Route path="/tag-analytics">
          <TagAnalyticsRoute />
        </Route>
        <Route path="/tag-analytics/:tagName">{(params) => <TagDetailRoute tagName={tagNameFromPath(params.tagName)} />}</Route>
        {COMING_SOON.map(([path, title]) => (
          <Route key={path} path={path}>
            <ComingSoonPage title={title} />
          </Route>
        ))}
        {/* Signed-in users have no use for the sign-in screen or the gate. */}
        <Route path="/team-login">
          <Redirect to="/" replace />
        </Route>
        <Route path="/password">
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
        <Route path="/accept-invite/:token">{(params) => <AcceptInvitePage token={params.token} />}</Route>
        <Route path="/password">
          <PasswordGatePage />
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Page>
  );
}
