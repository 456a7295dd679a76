import './console.css';

/** The pick screen's entry (pick.html): the page at the shop service's /pick. */
async function start(root: HTMLElement): Promise<void> {
  const { createRoot } = await import('react-dom/client');
  await import('./lib/schema-library');
  const [{ StrictMode, createElement }, { PickApp }] = await Promise.all([
    import('react'),
    import('./pick/pick-app'),
  ]);
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
