/**
 * axe-core in the page (WCAG 2.0 and 2.1, levels A and AA, any impact): `scan` runs it on the
 * whole document as it is and returns every violation; `describe` prints them for a failure.
 * The page needs `test.use({ bypassCSP: true })`: the app's Content-Security-Policy forbids the
 * inline script axe is injected as. SCREENSHOTS_DIR=/some/dir also saves a picture of each scan.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const shotsDir = process.env.SCREENSHOTS_DIR;

/** What axe reports for one rule, cut down to what a reader of the failure needs. */
export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the whole document as it is now; returns every violation. */
export async function scan(page: Page, screen: string): Promise<Finding[]> {
  // Let transitions (dialog fade-in, sheet slide) end: axe measures contrast on what is painted.
  await page.waitForTimeout(400);
  // A toast fading in or out is half transparent, and one can start to fade out while axe runs:
  // transitions are switched off for the scan, so a toast is either at rest (and measured like the
  // rest of the page) or gone (opacity 0, which axe skips).
  await page.evaluate(() => {
    if (document.getElementById('a11y-no-transitions')) return;
    const style = document.createElement('style');
    style.id = 'a11y-no-transitions';
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(style);
  });
  await expect(page.locator('[data-sonner-toast][data-removed="true"], [data-sonner-toast][data-mounted="false"]')).toHaveCount(0);
  await page.waitForTimeout(450);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: Array<{ target: unknown[] }>;
    }
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
    }));
  });
  if (shotsDir) {
    const width = page.viewportSize()?.width ?? 1280;
    await page.screenshot({
      path: path.join(shotsDir, `a11y-${width}-${screen.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`),
      animations: 'disabled',
      style: '[data-sonner-toaster] { display: none !important; }',
    });
  }
  return violations.map((v) => ({ screen, ...v }));
}

export function describe(findings: Finding[]): string {
  return findings.map((f) => `[${f.screen}] ${f.rule} (${f.impact}): ${f.help}\n    ${f.targets.join('\n    ')}`).join('\n');
}

