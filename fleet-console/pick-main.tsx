import { withoutErrorStacks } from '@web-shared/lib/error-stacks';
import './console.css';

async function loadModules() {
  const { createRoot } = await import('react-dom/client');
  await import('./lib/schema-library');
  const [react, { PickApp }] = await Promise.all([import('react'), import('./pick/pick-app')]);
  return { createRoot, react, PickApp };
}

/** The pick screen's entry (pick.html): the page at the shop service's /pick. */
async function start(root: HTMLElement): Promise<void> {
  // Error stacks paused while the modules run: see main.tsx.
  const { createRoot, react, PickApp } = await withoutErrorStacks(loadModules);
  const { StrictMode, createElement } = react;
  createRoot(root).render(createElement(StrictMode, null, createElement(PickApp)));
}

const root = document.getElementById('root');
if (root) {
  start(root).catch(() => {
    root.textContent =
      'The pick screen could not be loaded. Check the connection to the shop service and reload.';
    root.setAttribute('role', 'alert');
  });
}
