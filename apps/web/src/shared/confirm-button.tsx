import { useCallback, useRef, useState, type MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';

/** Spec 000 §9: a confirm button acts once per 400 ms. */
export const CONFIRM_DEBOUNCE_MS = 400;

/**
 * `fn`, debounced on the leading edge: the first call acts, and calls less than `ms` after the previous
 * call (acted on or not) are ignored, so a burst of clicks acts once. The returned function is stable.
 */
export function useDebouncedAction<A extends unknown[], R>(fn: (...args: A) => R, ms: number = CONFIRM_DEBOUNCE_MS) {
  const latest = useRef(fn);
  latest.current = fn;
  const last = useRef<number | null>(null);
  return useCallback(
    (...args: A): R | undefined => {
      const now = Date.now();
      const quiet = last.current === null || now - last.current >= ms;
      last.current = now;
      return quiet ? latest.current(...args) : undefined;
    },
    [ms],
  );
}

/**
 * An antd Button whose onClick is debounced 400 ms (leading edge). When onClick returns a promise,
 * the button shows its loading state until it settles, and ignores clicks meanwhile.
 */
export function ConfirmButton({
  onClick,
  loading,
  ...rest
}: Omit<ButtonProps, 'onClick'> & { onClick?: (event: MouseEvent<HTMLElement>) => unknown }) {
  const [busy, setBusy] = useState(false);
  const act = useDebouncedAction((event: MouseEvent<HTMLElement>) => {
    const result = onClick?.(event);
    if (result instanceof Promise) {
      setBusy(true);
      void result.catch(() => undefined).finally(() => setBusy(false));
    }
  });
  return <Button {...rest} loading={loading || busy} onClick={busy ? undefined : act} />;
}
