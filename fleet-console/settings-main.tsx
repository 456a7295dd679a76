import './console.css';

/** The settings page's entry (settings.html): the page at the shop service's /settings. */
async function start(root: HTMLElement): Promise<void> {
  const { createRoot } = await import('react-dom/client');
  await import('./lib/schema-library');
  const [{ StrictMode, createElement }, { SettingsApp }] = await Promise.all([
    import('react'),
    import('./settings/settings-app'),
  ]);
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
