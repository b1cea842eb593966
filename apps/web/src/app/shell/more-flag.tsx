import { useState } from 'react';

/**
 * The hidden element with id 'more' (spec 000): a double-click toggles a flag. Here the flag shows the
 * build's diagnostics (version, API docs link) for support calls; it is kept for the browser session.
 */
export function MoreFlag() {
  const [on, setOn] = useState(() => sessionStorage.getItem('mxMore') === '1');
  const toggle = () => {
    const next = !on;
    sessionStorage.setItem('mxMore', next ? '1' : '0');
    setOn(next);
  };
  return (
    <span
      id="more"
      data-on={on ? '1' : '0'}
      onDoubleClick={toggle}
      style={{ display: 'inline-block', minWidth: 8, minHeight: 24, fontSize: 11, opacity: on ? 0.8 : 0 }}
    >
      {on && (
        <a href="/api/docs" target="_blank" rel="noreferrer">
          v{__APP_VERSION__} · API
        </a>
      )}
    </span>
  );
}
