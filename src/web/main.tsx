import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { COUNT_PATH, keepKeysOnCountPath } from '@/features/counts/lib/early-keys';
import './index.css';

// A scanner may fire before the count screen has loaded: its keys are kept until the screen listens.
keepKeysOnCountPath(window.location.pathname);
// Opened straight into a count (a counter's bookmark): its screen's chunk is fetched at once,
// while the app asks who is signed in, rather than after (the same chunk React.lazy loads).
if (COUNT_PATH.test(window.location.pathname)) void import('@/features/counts/CountPage');

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
