/**
 * The monthly audit limit banner (spec part 1 "Audit list", section 9): from 80 % of the plan's
 * limit; 'Limit Reached' at 100 %; 'Upgrade Plan' on the free tier, 'Manage Billing' on paid tiers.
 */
import { Link } from 'wouter';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { auditLimitBanner } from '../lib/audit-limit';

export function AuditLimitBanner() {
  const status = useSubscriptionStatus();
  const banner = auditLimitBanner(status.data);
  if (!banner) return null;
  const { used, limit, reached, freeTier } = banner;
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col gap-3 rounded-lg border px-4 py-3 sm:flex-row sm:items-center',
        reached ? 'border-destructive/40 bg-destructive/5' : 'border-amber-500/40 bg-amber-50',
      )}
    >
      <AlertTriangle className={cn('size-5 shrink-0', reached ? 'text-destructive' : 'text-amber-700')} aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <p className="font-medium">{reached ? 'Limit Reached' : 'Approaching your monthly limit'}</p>
        <p className="text-muted-foreground">
          You have used {used.toLocaleString()} of {limit.toLocaleString()} audits this month.
          {reached ? ' New audits can be created again next month or after an upgrade.' : ''}
        </p>
      </div>
      <Button asChild size="sm" variant={reached ? 'default' : 'outline'} className="w-fit">
        <Link href={freeTier ? '/subscribe?tier=starter' : '/billing'}>{freeTier ? 'Upgrade Plan' : 'Manage Billing'}</Link>
      </Button>
    </div>
  );
}
