/**
 * npm run checks — the static checks of `npm test`, side by side: the types (tsc -b), the
 * lint rules (ESLint, the doors between folders among them) and the formatting (Prettier).
 */
import { join } from 'node:path';
import { exitOnHelp } from '../../tools/cli/help';
import { REPO_ROOT } from '../../tools/repo-root';
import { runSideBySide } from '../../tools/checks/side-by-side';

exitOnHelp(`Usage: npm run checks

The static checks, at the same time: npm run typecheck (tsc -b), ESLint with no warnings
allowed, and Prettier's check; each one's output is printed when it ends, and the command
fails when any of them fails. No options.`);

const bin = (tool: string): string => join(REPO_ROOT, 'node_modules', '.bin', tool);

runSideBySide(
  [
    { name: 'typecheck (tsc -b)', command: bin('tsc'), args: ['-b'] },
    { name: 'eslint', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
    { name: 'prettier --check', command: bin('prettier'), args: ['--check', '.'] },
  ],
  { cwd: REPO_ROOT },
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
