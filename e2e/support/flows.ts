/**
 * Longer user flows shared by the e2e specs, driven through the real UI.
 */
import { expect, type Page } from '@playwright/test';
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
