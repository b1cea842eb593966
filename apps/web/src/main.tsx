import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startPerformanceMonitor } from './app/performance-monitor';
import { windowSettings } from './shared/window-settings';

if (windowSettings.performanceMonitor) startPerformanceMonitor();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
