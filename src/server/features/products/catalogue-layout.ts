/**
 * The export layout of an organisation's catalogue (DESIGN.md section 13 "Back to the books"):
 * recognised when a catalogue is imported and remembered per organisation, so that the counts go
 * back as a file the same system imports. An import of an unrecognised file keeps what was there.
 */
import { eq } from 'drizzle-orm';
import { foldHeader } from '../../../domain/column-mapping.js';
import { detectLayout } from '../../../domain/import-layouts.js';
import type { Db } from '../../db/client.js';
import { organizations } from '../../db/schema.js';

/** Remembers the layout `headers` are recognised as (its name), if any; inside the import's transaction. */
export async function rememberCatalogueLayout(db: Db, organizationId: string, headers: readonly string[]): Promise<void> {
  const layout = detectLayout(headers.map(foldHeader));
  if (layout) await db.update(organizations).set({ catalogueLayout: layout.name }).where(eq(organizations.id, organizationId));
}

/** The layout name remembered for the organisation, or null. */
export async function catalogueLayoutOf(db: Db, organizationId: string): Promise<string | null> {
  const [row] = await db.select({ layout: organizations.catalogueLayout }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.layout ?? null;
}
