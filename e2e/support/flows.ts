/**
 * Longer user flows shared by the e2e specs, driven through the real UI.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { IMPORT_FIELD_LABELS } from '../../src/web/features/products/import-fields';
import { choose, goTo, selectedText } from './app';
import { fixturePath, type Manifest } from './paths';

/** Products -> Import Products -> the case's catalogue; checks (and if need be sets) the auto-mapping. */
export async function importCatalogue(page: Page, caseName: string, manifest: Manifest, notes: string[] = []) {
  await goTo(page, 'Products');
  await expect(page).toHaveURL(/\/products$/);
  await page.getByRole('button', { name: 'Import Products' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Import Products' });
  await dialog.getByLabel('Product file').setInputFiles(fixturePath(caseName, manifest.catalogue));

  // The auto-mapping: every manifest column should already be mapped to its field.
  for (const [header, field] of Object.entries(manifest.catalogueMapping)) {
    const trigger = dialog.getByLabel(header, { exact: true });
    const label = IMPORT_FIELD_LABELS[field as keyof typeof IMPORT_FIELD_LABELS];
    await expect(trigger).toBeVisible();
    const shown = await selectedText(trigger);
    if (!shown.startsWith(label)) {
      notes.push(`catalogue column "${header}" was auto-mapped to "${shown}", set to "${label}"`);
      await choose(page, trigger, field === 'sku' ? `${label} *` : label);
    }
    await expect(trigger).toContainText(label);
  }

  await dialog.getByRole('button', { name: /^Import [\d,]+ rows?$/ }).click();
  await expect(dialog.getByText('Import Successful')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** /audits -> New Audit -> Run Now -> Cycle Count; answers the dialog on step 1 of 4. */
export async function openCycleCountWizard(page: Page) {
  await goTo(page, 'Active Audits');
  await expect(page).toHaveURL(/\/audits$/);
  await page.getByRole('button', { name: 'New Audit', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Run Now/ }).click();
  await dialog.getByRole('button', { name: /^Cycle Count/ }).click();
  await expect(dialog.getByText('Step 1 of 4')).toBeVisible();
  return dialog;
}

/** Called on each wizard step before it is left, to look at the dialog there (e.g. run axe). */
export type WizardStepHook = (step: 'details' | 'files' | 'review', dialog: Locator) => Promise<void>;

/**
 * The scan files step (in the wizard dialog or an audit's resume flow, `scope`): adds the case's
 * scan files and sets each file's scan value and quantity columns as the manifest names them.
 */
export async function addFixtureScanFiles(page: Page, scope: Page | Locator, caseName: string, manifest: Manifest) {
  await scope.getByLabel('Scan files', { exact: true }).setInputFiles(manifest.scanFiles.map((f) => fixturePath(caseName, f.file)));
  for (const scan of manifest.scanFiles) {
    const card = scope.getByRole('region', { name: scan.file });
    const scanColumn = card.getByRole('combobox', { name: 'Scan value column' });
    const quantityColumn = card.getByRole('combobox', { name: 'Quantity column' });
    await expect(scanColumn).toBeEnabled();
    if ((await selectedText(scanColumn)) !== scan.scanColumn) await choose(page, scanColumn, scan.scanColumn);
    const wantQuantity = scan.quantityColumn ?? 'None (count occurrences)';
    if ((await selectedText(quantityColumn)) !== wantQuantity) await choose(page, quantityColumn, wantQuantity);
    await expect(card.getByText('Ready to process')).toBeVisible();
  }
}

/**
 * Runs a cycle count of the case's scan files through the wizard (columns as the manifest names
 * them) and waits until the audit's results page shows it complete.
 */
export async function runFixtureCycleCount(
  page: Page,
  caseName: string,
  manifest: Manifest,
  auditName: string,
  onStep: WizardStepHook = async () => {},
) {
  const dialog = await openCycleCountWizard(page);
  await onStep('details', dialog);
  await dialog.getByLabel('Audit Name').fill(auditName);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 2 of 4')).toBeVisible();
  await addFixtureScanFiles(page, dialog, caseName, manifest);
  await expect(dialog.getByText('All files configured')).toBeVisible();
  await onStep('files', dialog);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 3 of 4')).toBeVisible();
  await onStep('review', dialog);
  await dialog.getByRole('button', { name: 'Start Processing' }).click();
  await expect(page.getByText('Cycle Count Complete')).toBeVisible({ timeout: 90_000 });
  await expect(page).toHaveURL(/\/audits\/[^/]+$/, { timeout: 15_000 });
}
