/**
 * Row actions of the audit list (spec part 1 "Audit list"): View Details for a complete audit;
 * a Processing button that explains itself while processing; otherwise Open (the detail page
 * says what the audit still needs).
 */
import { Link } from 'wouter';
import { toast } from 'sonner';
import type { Audit } from '../../../../contracts/audits';
import { Button } from '@/components/ui/button';

export function AuditActions({ audit }: { audit: Audit }) {
  if (audit.status === 'complete') {
    return (
      <Button asChild size="sm" variant="outline">
        <Link href={`/audits/${audit.id}`}>
          View Details<span className="sr-only"> of {audit.name}</span>
        </Link>
      </Button>
    );
  }
  if (audit.status === 'processing') {
    // Looks disabled but stays focusable, so the click can say why (spec "Audit list").
    return (
      <Button
        size="sm"
        variant="outline"
        aria-disabled="true"
        className="cursor-not-allowed opacity-60"
        onClick={() => toast('Audit Not Complete', { description: "This audit hasn't been completed yet. Check back later." })}
      >
        Processing...
      </Button>
    );
  }
  return (
    <Button asChild size="sm" variant="ghost">
      <Link href={`/audits/${audit.id}`}>
        Open<span className="sr-only"> {audit.name}</span>
      </Link>
    </Button>
  );
}
