import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isDarkTheme, initialTheme, saveTheme, type ThemeName } from './themes';

interface ThemeContextValue {
  theme: ThemeName;
  dark: boolean;
  setTheme: (name: ThemeName) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * The current theme: window-provided, else the mxTheme cookie, else dark; changes are saved in the cookie.
 * `root` carries `data-theme` and the colour scheme: the document's element, or an embedded app's own.
 */
export function ThemeProvider({ windowTheme, root, children }: { windowTheme?: string; root?: HTMLElement; children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemeName>(() => initialTheme(windowTheme));
  const setTheme = useCallback((name: ThemeName) => {
    saveTheme(name);
    setThemeState(name);
  }, []);
  useEffect(() => {
    const target = root ?? document.documentElement;
    target.dataset.theme = theme;
    target.style.colorScheme = isDarkTheme(theme) ? 'dark' : 'light';
  }, [theme, root]);
  const value = useMemo(() => ({ theme, dark: isDarkTheme(theme), setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme outside ThemeProvider');
  return value;
}
