import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * The shell's sign-in state (spec 000 section 4): unknown until the first probe, then true or false.
 * A 401 or 403 from any call re-probes; the session is re-checked every 60 s and when the tab comes
 * back into view. When a signed-in session ends later, `onExpired` runs (message, then login).
 */
export type AuthState = 'unknown' | true | false;

interface AuthContextValue {
  state: AuthState;
  reprobe: () => Promise<AuthState>;
  /** Marks the session as signed in (after the sign-in form) or out (after logout) without a probe. */
  set: (state: boolean) => void;
  /** The server said the session expired: signed out, and the expired notice when it was signed in. */
  expire: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export const AUTH_RECHECK_MS = 60_000;

async function probe(): Promise<boolean> {
  try {
    const res = await fetch('/server/probe', { credentials: 'include', cache: 'no-store' });
    // ok: signed in; 401, 403 or an opaque answer: not
    return res.ok && res.type !== 'opaque';
  } catch {
    return false;
  }
}

export function AuthProvider({ children, onExpired }: { children: ReactNode; onExpired: () => void }) {
  const [state, setState] = useState<AuthState>('unknown');
  const stateRef = useRef<AuthState>('unknown');
  const expiredRef = useRef(onExpired);
  expiredRef.current = onExpired;

  const apply = useCallback((next: boolean) => {
    const before = stateRef.current;
    stateRef.current = next;
    setState(next);
    if (before === true && next === false) expiredRef.current();
  }, []);

  const reprobe = useCallback(async () => {
    const ok = await probe();
    apply(ok);
    return ok;
  }, [apply]);

  useEffect(() => {
    void reprobe();
    const timer = window.setInterval(() => void reprobe(), AUTH_RECHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && stateRef.current === true) void reprobe();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reprobe]);

  const set = useCallback((next: boolean) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const expire = useCallback(() => apply(false), [apply]);

  const value = useMemo(() => ({ state, reprobe, set, expire }), [state, reprobe, set, expire]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
