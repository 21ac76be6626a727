/**
 * Conflicts of an apply or a reversal (DESIGN.md section 13): products whose stock is not what the
 * action expects must each be confirmed (set anyway) or skipped (left) before the action runs.
 */

/** The conflicts (product ids) neither confirmed nor skipped, in their order. */
export function unresolvedConflicts(conflicts: readonly string[], confirmed: readonly string[], skipped: readonly string[]): string[] {
  const decided = new Set([...confirmed, ...skipped]);
  return conflicts.filter((id) => !decided.has(id));
}

/** The zero-sheet choice offered by default: on for a cycle count (the whole catalogue was in scope), off for a product audit. */
export function zeroSheetDefault(auditType: string): boolean {
  return auditType === 'cycle-count';
}
