import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { countAuditId, keepKeysOnCountPath } from '@/features/counts/lib/early-keys';
import { startCount } from '@/features/counts/lib/count-start';
import './index.css';

// A scanner may fire before the count screen has loaded: its keys are kept until the screen listens.
keepKeysOnCountPath(window.location.pathname);
// Opened straight into a count (a counter's bookmark): its screen's chunk and the count's own
// server calls start at once, while the app asks who is signed in, rather than after (the same
// chunk React.lazy loads, the same calls the screen takes; docs/decisions/0147 and 0157).
const countOpened = countAuditId(window.location.pathname);
if (countOpened !== null) {
  void import('@/features/counts/CountPage');
  startCount(countOpened);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
