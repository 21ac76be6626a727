/**
 * The product audit wizard's step names ('Step n of 5', spec part 1 "Product audit wizard"; the
 * optional Choose Audit Mode shares step 1) and how its modes are named (DESIGN.md section 5).
 */
import type { AuditMode } from '../../../../contracts/results';

export const PRODUCT_AUDIT_STEPS = ['Audit Details', 'Define Filters', 'Upload Scan Files', 'Review & Start', 'Processing'] as const;

export const CYCLE_COUNT_STEPS = ['Audit Details', 'Upload Scan Files', 'Review & Start', 'Processing'] as const;

export const MODE_LABELS: Record<AuditMode, string> = { standard: 'Standard', 'cross-validation': 'Cross-validation between teams' };
