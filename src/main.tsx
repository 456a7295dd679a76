import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/create-router';
import { detectPlatform } from './platform/platform';
import './styles.css';

const platform = detectPlatform();
document.documentElement.dataset.target = platform.target;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App
        platform={platform}
        router={createRouter(platform.target)}
        queryClient={createQueryClient()}
      />
    </StrictMode>,
  );
}
