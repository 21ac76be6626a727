import type { AuditType } from '../../../../contracts/results';
import { Badge } from '@/components/ui/badge';

/** 'Cycle Count' or 'Product Audit' (spec part 1 "Audit detail"). */
export function AuditTypeBadge({ auditType }: { auditType: AuditType }) {
  return <Badge variant="outline">{auditType === 'product-audit' ? 'Product Audit' : 'Cycle Count'}</Badge>;
}
