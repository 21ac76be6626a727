/**
 * How the audit screens write numbers, sizes, durations and dates (spec part 1 sections 2, 9).
 */

/** A 0-1 fraction as a percentage with one decimal: 0.99027 -> '99.0%'. */
export function formatFraction(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '—';
  return `${(fraction * 100).toFixed(1)}%`;
}

/** A 0-100 percentage with one decimal. */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** Milliseconds as seconds with one decimal: 1234 -> '1.2s'. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** Bytes as KB with one decimal: 13454 -> '13.1 KB'. */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : n.toLocaleString();
}

/** A date (no time), or `fallback` when missing or unreadable. */
export function formatDate(iso: string | null | undefined, fallback = '—'): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return fallback;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A signed quantity: 3 -> '+3', -2 -> '-2', 0 -> '0', 1.5 -> '+1.5' (whole numbers without decimals). */
export function formatSigned(n: number): string {
  return n > 0 ? `+${n.toLocaleString()}` : n.toLocaleString();
}

/**
 * Difference with the percent difference in brackets (spec "Tables"): '+3 (+5.0%)', '-2 (-10.0%)',
 * '0 (0.0%)'; just the difference when the percent is unknown (expected 0).
 */
export function formatDifference(difference: number | null, percentage: number | null): string {
  if (difference === null) return '—';
  if (percentage === null || !Number.isFinite(percentage)) return formatSigned(difference);
  const pct = `${percentage > 0 ? '+' : ''}${percentage.toFixed(1)}%`;
  return `${formatSigned(difference)} (${pct})`;
}

/** Difference colour: above 0 red, below 0 amber, 0 green (spec section 9). */
export function differenceClass(difference: number | null): string {
  if (difference === null) return '';
  if (difference > 0) return 'text-red-700';
  if (difference < 0) return 'text-amber-700';
  return 'text-green-700';
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A decimal string as dollars: '27.5' -> '$27.50', '-3.05' -> '-$3.05'. */
export function formatMoney(decimal: string): string {
  const n = Number(decimal);
  return Number.isFinite(n) ? usd.format(n) : decimal;
}
