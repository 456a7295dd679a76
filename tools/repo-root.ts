import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so scripts work from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
