import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/create-router';
import { registerServiceWorker } from './app/register-service-worker';
import { detectCapabilities } from './platform/capabilities';
import './styles.css';

const capabilities = detectCapabilities();
document.documentElement.dataset.target = capabilities.target;

if (capabilities.target === 'web' && import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App
        capabilities={capabilities}
        createRouter={() => createRouter(capabilities.target)}
        queryClient={createQueryClient()}
      />
    </StrictMode>,
  );
}
