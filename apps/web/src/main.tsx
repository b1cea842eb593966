import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startPerformanceMonitor } from './app/performance-monitor';
import { startErrorReport } from './shared/error-report';
import { i18nReady } from './shared/i18n';
import { windowSettings } from './shared/window-settings';

if (windowSettings.performanceMonitor) startPerformanceMonitor();
// uncaught errors and unhandled rejections to the log collector, when configured (docs/error-reporting.md)
startErrorReport();

// a Chinese visitor's texts are a lazy chunk: render once they are there (English is in the entry)
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
