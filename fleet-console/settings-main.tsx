import { withoutErrorStacks } from '@web-shared/lib/error-stacks';
import './console.css';

async function loadModules() {
  const { createRoot } = await import('react-dom/client');
  await import('./lib/schema-library');
  const [react, { SettingsApp }] = await Promise.all([
    import('react'),
    import('./settings/settings-app'),
  ]);
  return { createRoot, react, SettingsApp };
}

/** The settings page's entry (settings.html): the page at the shop service's /settings. */
async function start(root: HTMLElement): Promise<void> {
  // Error stacks paused while the modules run: see main.tsx.
  const { createRoot, react, SettingsApp } = await withoutErrorStacks(loadModules);
  const { StrictMode, createElement } = react;
  createRoot(root).render(createElement(StrictMode, null, createElement(SettingsApp)));
}

const root = document.getElementById('root');
if (root) {
  start(root).catch(() => {
    root.textContent =
      'The settings page could not be loaded. Check the connection to the shop service and reload.';
    root.setAttribute('role', 'alert');
  });
}
