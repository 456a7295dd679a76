import './console.css';

/** The ready board's entry (board.html): the page at the shop service's /board. */
async function start(root: HTMLElement): Promise<void> {
  const { createRoot } = await import('react-dom/client');
  await import('./lib/schema-library');
  const [{ StrictMode, createElement }, { BoardScreen }] = await Promise.all([
    import('react'),
    import('./board/board-screen'),
  ]);
  createRoot(root).render(createElement(StrictMode, null, createElement(BoardScreen)));
}

const root = document.getElementById('root');
if (root) {
  start(root).catch(() => {
    root.textContent = 'The board could not be loaded. It tries again when the page is reloaded.';
    root.setAttribute('role', 'alert');
  });
}
