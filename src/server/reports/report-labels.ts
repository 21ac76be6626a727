/**
 * Words the reports use for the audit's enumerations (spec part 1 section 2: type badge
 * "Cycle Count" / "Product Audit").
 */
import type { AuditMode, AuditType } from '../../contracts/results.js';

export const AUDIT_TYPE_LABELS: Readonly<Record<AuditType, string>> = {
  'cycle-count': 'Cycle Count',
  'product-audit': 'Product Audit',
};

export const AUDIT_MODE_LABELS: Readonly<Record<AuditMode, string>> = {
  standard: 'Standard',
  'cross-validation': 'Cross-validation',
};
