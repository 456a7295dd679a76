import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, BUILD_ROUTER } from './app/app';
import { createCatalogueCache } from './app/catalogue-cache';
import { registerServiceWorker } from './app/register-service-worker';
import { prepareDeepLink } from './app/routes';
import { detectCapabilities } from './platform/capabilities';
import './first-screen.css';

const capabilities = detectCapabilities();
document.documentElement.dataset.target = capabilities.target;
/** The visit's catalogue cache, shared by a deep link's early download and the app. */
const catalogue = createCatalogueCache();

if (capabilities.target === 'web' && import.meta.env.PROD) registerServiceWorker();

/** A deep link waits this long at most for its page's code before showing a placeholder. */
const DEEP_LINK_WAIT_MS = 1500;

/**
 * The first render in one go, not as a transition React slices between frames: the slices
 * cost the main thread 8 % more to the first card (cold /products, thread time, alternating
 * loads), and with less code before it the whole render is short enough for mobile
 * Lighthouse (Total Blocking Time 132 ms on /products, performance 97).
 */
function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App capabilities={capabilities} Router={BUILD_ROUTER} catalogue={catalogue} />
    </StrictMode>,
  );
}

// The kiosk always opens on the landing page, which is in this download.
if (capabilities.target === 'web') {
  const waited = new Promise((resolve) => setTimeout(resolve, DEEP_LINK_WAIT_MS));
  void Promise.race([
    prepareDeepLink(window.location.pathname, capabilities.catalogueUrl, catalogue),
    waited,
  ]).then(render);
} else {
  render();
}
