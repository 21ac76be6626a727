/**
 * The signed-in sidebar (spec part 1 section 2 "Authenticated layout"): product title, main
 * and account navigation with the current route highlighted, count badges, and the user footer.
 */
import type { ComponentType } from 'react';
import { Link, useLocation } from 'wouter';
import {
  ClipboardList,
  CreditCard,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  LogOut,
  Package,
  ScanBarcode,
  Settings,
  Tags,
  Users,
} from 'lucide-react';
import type { CurrentUser } from '../../contracts/auth';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@/components/ui/sidebar';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { userDisplayName, userInitials } from '@/features/auth/user-display';
import { logOut } from '@/lib/log-out';
import { useNavCounts, type NavCounts } from './use-nav-counts';

interface NavItem {
  title: string;
  href: string;
  icon: ComponentType<{ className?: string }>;
  count?: keyof NavCounts;
}

const MAIN_NAV: NavItem[] = [
  { title: 'Dashboard', href: '/', icon: LayoutDashboard },
  { title: 'Products', href: '/products', icon: Package, count: 'products' },
  { title: 'Active Audits', href: '/audits', icon: ClipboardList, count: 'activeAudits' },
  { title: 'Tag Analytics', href: '/tag-analytics', icon: Tags },
  { title: 'Unknown Barcodes', href: '/unknown-barcodes', icon: ScanBarcode },
  { title: 'Active Tasks', href: '/tasks', icon: ListChecks, count: 'activeTasks' },
];

const ACCOUNT_NAV: NavItem[] = [
  { title: 'Team Members', href: '/team', icon: Users },
  { title: 'Billing', href: '/billing', icon: CreditCard },
  { title: 'Settings', href: '/settings', icon: Settings },
  { title: 'Help & Support', href: '/help', icon: LifeBuoy },
];

function isActive(location: string, href: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}

/** The badge counts, asked for only while the menu that shows them is there (on a phone: opened). */
function CountedNavGroup(props: { label: string; items: NavItem[] }) {
  return <NavGroup {...props} counts={useNavCounts()} />;
}

function NavGroup({ label, items, counts }: { label: string; items: NavItem[]; counts?: NavCounts }) {
  const [location] = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();

  return (
    <SidebarGroup>
      <SidebarGroupLabel>{label}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {items.map((item) => {
            const active = isActive(location, item.href);
            const count = item.count && counts ? counts[item.count] : undefined;
            return (
              <SidebarMenuItem key={item.href}>
                <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
                  <Link
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    onClick={() => {
                      if (isMobile) setOpenMobile(false);
                    }}
                  >
                    <item.icon />
                    <span>{item.title}</span>
                  </Link>
                </SidebarMenuButton>
                {count !== undefined ? (
                  <SidebarMenuBadge aria-label={`${count} ${item.title.toLowerCase()}`}>
                    {count.toLocaleString()}
                  </SidebarMenuBadge>
                ) : null}
              </SidebarMenuItem>
            );
          })}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}

export function AppSidebar({ user }: { user: CurrentUser }) {
  const name = userDisplayName(user);

  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="StockTally">
              <Link href="/">
                <div className="bg-sidebar-primary text-sidebar-primary-foreground flex aspect-square size-8 items-center justify-center rounded-lg">
                  <ScanBarcode className="size-4" aria-hidden="true" />
                </div>
                <div className="grid flex-1 text-left leading-tight">
                  <span className="truncate text-base font-semibold">StockTally</span>
                  <span className="text-muted-foreground truncate text-xs">{user.organizationName}</span>
                </div>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <CountedNavGroup label="Main" items={MAIN_NAV} />
        <NavGroup label="Account" items={ACCOUNT_NAV} />
      </SidebarContent>
      <SidebarFooter className="border-sidebar-border border-t">
        <div className="flex items-center gap-2 rounded-md p-1 group-data-[collapsible=icon]:flex-col group-data-[collapsible=icon]:p-0">
          <div
            className="bg-muted text-foreground flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold"
            aria-hidden="true"
          >
            {userInitials(user)}
          </div>
          <div className="grid min-w-0 flex-1 leading-tight group-data-[collapsible=icon]:hidden">
            <span className="truncate text-sm font-medium">{name}</span>
            <span className="text-muted-foreground truncate text-xs">{user.email}</span>
          </div>
          <Tooltip>
            <TooltipTrigger asChild>
              <a
                href="/api/logout"
                onClick={(event) => {
                  event.preventDefault();
                  void logOut();
                }}
                aria-label="Log out"
                className="text-muted-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-sidebar-ring flex size-8 shrink-0 items-center justify-center rounded-md outline-hidden focus-visible:ring-2"
              >
                <LogOut className="size-4" aria-hidden="true" />
              </a>
            </TooltipTrigger>
            <TooltipContent side="right">Log out</TooltipContent>
          </Tooltip>
        </div>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
