import { withoutErrorStacks } from '@web-shared/lib/error-stacks';
import { CONSOLE_MARKER } from './app/console-marker';
import './console.css';

document.documentElement.dataset.app = CONSOLE_MARKER;

/**
 * React's DOM renderer, the schemas' library, the message schemas, then the console, each as
 * modules of their own: the browser runs a module and everything it imports in one task, and
 * the whole console at once was one task of 50–90 ms on a two-core machine before the
 * operator could click anything. Several imports are several shorter tasks, with the browser
 * free in between. Error stacks are paused while they run (lib/error-stacks.ts): with DevTools
 * attached, React DOM's module otherwise spends 20–40 ms on positions for stacks no one reads.
 */
async function loadModules() {
  const { createRoot } = await import('react-dom/client');
  await import('./lib/schema-library');
  // The fleet's message schemas a kind at a time: building them all was one task of 20–60 ms.
  await import('@shared/fleet/messages/message-fields');
  await import('@shared/fleet/messages/status-payloads');
  await import('@shared/fleet/messages/health-payloads');
  await import('@shared/fleet/messages/command-payloads');
  await import('@shared/fleet/messages/config-payloads');
  const [react, { ConsoleApp }] = await Promise.all([import('react'), import('./app/console-app')]);
  return { createRoot, react, ConsoleApp };
}

async function start(root: HTMLElement): Promise<void> {
  const { createRoot, react, ConsoleApp } = await withoutErrorStacks(loadModules);
  const { StrictMode, createElement, startTransition } = react;
  // The first drawing as a transition: React then draws the console a few milliseconds at a
  // time, yielding between, instead of in one task of 50 ms or more on a two-core machine.
  const app = createRoot(root);
  startTransition(() => {
    app.render(createElement(StrictMode, null, createElement(ConsoleApp)));
  });
}

const root = document.getElementById('root');
if (root) {
  start(root).catch(() => {
    // The console's host went away between the page and its modules: say so, not a blank page.
    root.textContent =
      'The console could not be loaded. Check the connection to its host and reload.';
    root.setAttribute('role', 'alert');
  });
}
