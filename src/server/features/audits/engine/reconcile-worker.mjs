// Worker thread entry (plain JavaScript so that it starts under node, tsx and vitest alike):
// loads the TypeScript worker body through tsx. See reconcile-in-worker.ts.
import { tsImport } from 'tsx/esm/api';

await tsImport('./reconcile-worker-body.ts', import.meta.url);
