/** See build-server.mjs. */
export function buildServer(): Promise<void>;
