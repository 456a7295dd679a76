import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, BUILD_ROUTER, WRITES_FIRST_SCREENS } from './app/app';
import { createCatalogueCache } from './app/catalogue-cache';
import { hydrateFirst, renderFirst } from './app/first-render';
import { takeFirstScreen } from './app/first-screens/take-first-screen';
import { registerServiceWorker } from './app/register-service-worker';
import { prepareDeepLink } from './app/routes';
import { setupLanguages } from './i18n/language-store';
import { isPhoneScreen } from './lib/phone-screen';
import { detectCapabilities } from './platform/capabilities';
import './first-screen.css';

const capabilities = detectCapabilities();
document.documentElement.dataset.target = capabilities.target;
/** The visit's catalogue cache, shared by a deep link's early download and the app. */
const catalogue = createCatalogueCache();

if (capabilities.target === 'web' && import.meta.env.PROD) registerServiceWorker();

/**
 * The first language: English, the kiosk's configured default, or the web shop's remembered
 * choice. Shown from the first render: its texts are on disk in the kiosk and, after the
 * first visit, in the web shop's offline cache.
 */
const languageShown = setupLanguages({
  ...capabilities.languages,
  remember: capabilities.target === 'web',
});

/** A deep link waits this long at most for its page's code before showing a placeholder. */
const DEEP_LINK_WAIT_MS = 1500;

/**
 * The first render, in one go, or in slices on a phone's web shop. Where the page holds its
 * first screen as HTML (the web build writes the landing, about, cart and checkout pages),
 * React takes over what is already painted (hydrateFirst); otherwise it renders (renderFirst).
 */
function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  const app = (
    <StrictMode>
      <App capabilities={capabilities} Router={BUILD_ROUTER} catalogue={catalogue} />
    </StrictMode>
  );
  const sliced = capabilities.target === 'web' && isPhoneScreen();
  if (WRITES_FIRST_SCREENS && takeFirstScreen(document.documentElement, root)) {
    hydrateFirst(root, app, sliced);
  } else {
    renderFirst(createRoot(root), app, sliced);
  }
}

// The kiosk always opens on the landing page, which is in this download.
if (capabilities.target === 'web') {
  const waited = new Promise((resolve) => setTimeout(resolve, DEEP_LINK_WAIT_MS));
  void Promise.race([
    Promise.all([
      prepareDeepLink(window.location.pathname, capabilities.catalogueUrl, catalogue),
      languageShown,
    ]),
    waited,
  ]).then(render);
} else {
  void languageShown.then(render);
}
