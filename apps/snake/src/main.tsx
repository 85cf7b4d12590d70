import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { FailureMessage } from './ui/FailureMessage';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Snake needs a #root element to mount into');
createRoot(container).render(
  <StrictMode>
    {/* Whatever fails to show, the page says so and offers a reload: it is never left blank. */}
    <ErrorBoundary fallback={(failure) => <FailureMessage {...failure} whole />}>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);
