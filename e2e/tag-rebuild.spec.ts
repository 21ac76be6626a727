/**
 * The owner's Rebuild on the tag analytics screen (DESIGN.md section 11) in real Chromium against
 * the real server: asked for with a confirmation, its progress shown while it runs (held at a
 * running stage by answering the progress read here, to look at it), then completed by the
 * server's job with a toast. Screenshots at 1280 and 375 px with SCREENSHOTS_DIR.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signUp } from './support/app';

const SHOTS = process.env.SCREENSHOTS_DIR;

test('tag analytics: the owner rebuilds the figures and follows its progress', async ({ page }) => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await signUp(page);
  await page.goto('/tag-analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Tag Analytics' })).toBeVisible();

  // While the answer is held at a running stage, the screen shows it.
  let held = true;
  await page.route('**/api/tag-rebuilds/latest', async (route) => {
    if (!held) return route.fallback();
    const real = await route.fetch();
    const body = (await real.json()) as { rebuild: Record<string, unknown> | null };
    if (!body.rebuild) return route.fulfill({ response: real, json: body });
    await route.fulfill({ response: real, json: { rebuild: { ...body.rebuild, status: 'running', stage: 'products', progress: 40, finishedAt: null } } });
  });

  await page.getByRole('button', { name: 'Rebuild' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Rebuild tag analytics?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Rebuild' }).click();
  await expect(dialog).toBeHidden();
  const status = page.getByRole('status').filter({ hasText: 'Rebuilding tag analytics' });
  await expect(status).toContainText('Totalling each product (40%)');
  await expect(page.getByRole('progressbar', { name: 'Rebuild progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rebuild' })).toBeDisabled();
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'tag-rebuild-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'tag-rebuild-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The server's job finished long ago: the next read shows it, with a toast.
  held = false;
  await expect(page.getByText('Tag analytics rebuilt')).toBeVisible();
  await expect(status).toBeHidden();
  await expect(page.getByRole('button', { name: 'Rebuild' })).toBeEnabled();
});
