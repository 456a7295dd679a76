import type { ComponentType } from 'react';
import { withoutErrorStacks } from '@web-shared/lib/error-stacks';

/**
 * A staff page's start (pick.html, board.html, settings.html): React's DOM renderer, the
 * schemas' library, then the page's own module, each a task of its own (a module and all
 * it imports run in one task), with error stacks paused while they run (error-stacks.ts).
 * A page whose modules cannot be loaded says so in its root instead of staying blank.
 */
export function startStaffPage(loadPage: () => Promise<ComponentType>, failure: string): void {
  const root = document.getElementById('root');
  if (!root) return;
  const loadModules = async () => {
    const { createRoot } = await import('react-dom/client');
    await import('./schema-library');
    const [react, Page] = await Promise.all([import('react'), loadPage()]);
    return { createRoot, react, Page };
  };
  const start = async () => {
    const { createRoot, react, Page } = await withoutErrorStacks(loadModules);
    const { StrictMode, createElement } = react;
    createRoot(root).render(createElement(StrictMode, null, createElement(Page)));
  };
  start().catch(() => {
    root.textContent = failure;
    root.setAttribute('role', 'alert');
  });
}
