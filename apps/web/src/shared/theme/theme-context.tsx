import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isDarkTheme, initialTheme, saveTheme, type ThemeName } from './themes';

interface ThemeContextValue {
  theme: ThemeName;
  dark: boolean;
  setTheme: (name: ThemeName) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/** The current theme: window-provided, else the mxTheme cookie, else dark; changes are saved in the cookie. */
export function ThemeProvider({ windowTheme, children }: { windowTheme?: string; children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemeName>(() => initialTheme(windowTheme));
  const setTheme = useCallback((name: ThemeName) => {
    saveTheme(name);
    setThemeState(name);
  }, []);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = isDarkTheme(theme) ? 'dark' : 'light';
  }, [theme]);
  const value = useMemo(() => ({ theme, dark: isDarkTheme(theme), setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme outside ThemeProvider');
  return value;
}
