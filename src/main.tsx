import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getStorage, readRaw } from '@web-shared/lib/browser-storage';
import { App, BUILD_ROUTER, KEEP_LAUNCH_SCREEN, WEB_BUILD } from './app/app';
import { createCatalogueCache, type CatalogueCache } from './app/catalogue-cache';
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

/**
 * The first language: English, the kiosk's configured default, or the web shop's remembered
 * choice. Shown from the first render: its texts are on disk in the kiosk and, after the
 * first visit, in the web shop's offline cache.
 */
const languageShown = setupLanguages({
  ...capabilities.languages,
  remember: capabilities.target === 'web',
});

if (WEB_BUILD && import.meta.env.PROD) registerServiceWorker(() => appWith(createCatalogueCache()));

/** A deep link waits this long at most for its page's code before showing a placeholder. */
const DEEP_LINK_WAIT_MS = 1500;

/** The app as the page starts it (the kiosk keeps its launch screen rendered the same way). */
function appWith(cache: CatalogueCache) {
  return (
    <StrictMode>
      <App capabilities={capabilities} Router={BUILD_ROUTER} catalogue={cache} />
    </StrictMode>
  );
}

/**
 * A kept launch screen React could not take over as it was is not painted again, nor kept
 * again for this launch's key; the error is reported as React reports it.
 */
function refuseMismatchedScreen(error: unknown): void {
  reportError(error);
  void import('./app/first-screens/launch-screen').then(({ launchKey, refuseLaunchScreen }) => {
    refuseLaunchScreen(getStorage(), launchKey(document, capabilities.bridge, readRaw));
  });
}

/**
 * The first render, in one go, or in slices on a phone's web shop. Where the page holds its
 * first screen as HTML (the web build writes each route's; the kiosk paints the launch
 * screen it kept), React takes over what is already painted (hydrateFirst); otherwise it
 * renders (renderFirst).
 */
function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  const app = appWith(catalogue);
  const sliced = WEB_BUILD && isPhoneScreen();
  if (takeFirstScreen(document.documentElement, root)) {
    const options = KEEP_LAUNCH_SCREEN ? { onRecoverableError: refuseMismatchedScreen } : undefined;
    hydrateFirst(root, app, sliced, options);
  } else {
    renderFirst(createRoot(root), app, sliced);
  }
}

// The kiosk always opens on the landing page, which is in this download.
if (WEB_BUILD) {
  const waited = new Promise((resolve) => setTimeout(resolve, DEEP_LINK_WAIT_MS));
  void Promise.race([
    Promise.all([
      prepareDeepLink(window.location.pathname, capabilities.catalogueUrl, catalogue),
      languageShown,
    ]),
    waited,
  ]).then(render);
} else {
  void languageShown.then(() => {
    render();
    KEEP_LAUNCH_SCREEN?.(() => appWith(createCatalogueCache()), capabilities.bridge);
  });
}
