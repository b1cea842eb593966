// Component-test setup: unmount after each test and give jsdom the browser APIs antd relies on.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../shared/i18n';

afterEach(() => cleanup());

// findBy/waitFor wait up to 5 s instead of 1: an antd page's first render takes longer than a second
// while the other test worker uses the second core; a test that waits for what never comes still fails
configure({ asyncUtilTimeout: 5000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom implements getComputedStyle but not for pseudo-elements, and says so on every antd modal: ask for the element's own style.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);
