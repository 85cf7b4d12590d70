import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Snake needs a #root element to mount into');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
