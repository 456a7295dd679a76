import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/register-service-worker';
import { routerFor } from './app/shop-router';
import { detectCapabilities } from './platform/capabilities';
import './styles.css';

const capabilities = detectCapabilities();
document.documentElement.dataset.target = capabilities.target;

if (capabilities.target === 'web' && import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App capabilities={capabilities} Router={routerFor(capabilities.target)} />
    </StrictMode>,
  );
}
