/**
 * Checks of a screen as a user meets it: axe's WCAG 2.1 A/AA rules, and screenshots at 1280 and
 * 375 px into SCREENSHOTS_DIR when it is set (the files are looked at, not compared). A spec that
 * scans with axe sets `test.use({ bypassCSP: true })`: axe is injected into the page.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const SHOTS = process.env.SCREENSHOTS_DIR;
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The WCAG 2.1 A/AA rules axe finds broken on the page as it is (transitions let to end first). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForTimeout(500);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** Saves the page as `{name}-1280.png` and `{name}-375.png` (full page) when SCREENSHOTS_DIR is set. */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
