import { withoutErrorStacks } from '@web-shared/lib/error-stacks';
import './console.css';

async function loadModules() {
  const { createRoot } = await import('react-dom/client');
  await import('./lib/schema-library');
  const [react, { BoardScreen }] = await Promise.all([
    import('react'),
    import('./board/board-screen'),
  ]);
  return { createRoot, react, BoardScreen };
}

/** The ready board's entry (board.html): the page at the shop service's /board. */
async function start(root: HTMLElement): Promise<void> {
  // Error stacks paused while the modules run: see main.tsx.
  const { createRoot, react, BoardScreen } = await withoutErrorStacks(loadModules);
  const { StrictMode, createElement } = react;
  createRoot(root).render(createElement(StrictMode, null, createElement(BoardScreen)));
}

const root = document.getElementById('root');
if (root) {
  start(root).catch(() => {
    root.textContent = 'The board could not be loaded. It tries again when the page is reloaded.';
    root.setAttribute('role', 'alert');
  });
}
