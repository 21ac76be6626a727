import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { keepKeysOnCountPath } from '@/features/counts/lib/early-keys';
import './index.css';

// A scanner may fire before the count screen has loaded: its keys are kept until the screen listens.
keepKeysOnCountPath(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
