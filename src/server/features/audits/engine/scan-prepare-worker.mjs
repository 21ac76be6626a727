// Worker thread entry (plain JavaScript so that it starts under node, tsx and vitest alike):
// loads the TypeScript body through tsx. See prepared-scan-batches.ts.
import { tsImport } from 'tsx/esm/api';

await tsImport('./scan-prepare-worker-body.ts', import.meta.url);
