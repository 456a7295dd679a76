import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/console-app';
import { CONSOLE_MARKER } from './app/console-marker';
import './console.css';

document.documentElement.dataset.app = CONSOLE_MARKER;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
}
