import { theme as antdTheme, type ThemeConfig } from 'antd';
import { readCookie, writeCookie } from '../cookies';

/** The five themes of spec 000; the header switcher offers the first three. */
export const THEMES = ['dark', 'light', 'yellow-light', 'sapphire', 'juntong'] as const;
export type ThemeName = (typeof THEMES)[number];
export const SWITCHABLE_THEMES: ThemeName[] = ['dark', 'light', 'yellow-light'];
export const THEME_COOKIE = 'mxTheme';

export const isThemeName = (v: unknown): v is ThemeName => typeof v === 'string' && (THEMES as readonly string[]).includes(v);

/** Dark themes get light page titles; light themes get dark ones. */
export const isDarkTheme = (name: ThemeName) => PALETTES[name].dark;

interface Palette {
  dark: boolean;
  primary: string;
  bgLayout: string;
  bgContainer: string;
  bgElevated: string;
  header: string;
  sider: string;
  border: string;
}

// Control-room friendly: dark themes keep contrast for long shifts; light ones for offices and print.
const PALETTES: Record<ThemeName, Palette> = {
  dark: {
    dark: true,
    primary: '#1f8fff',
    bgLayout: '#0d1117',
    bgContainer: '#161b22',
    bgElevated: '#1f2630',
    header: '#10151c',
    sider: '#121820',
    border: '#2b3440',
  },
  light: {
    dark: false,
    primary: '#1668dc',
    bgLayout: '#f3f5f8',
    bgContainer: '#ffffff',
    bgElevated: '#ffffff',
    header: '#ffffff',
    sider: '#ffffff',
    border: '#e3e7ee',
  },
  'yellow-light': {
    dark: false,
    primary: '#d48806',
    bgLayout: '#fbf8ef',
    bgContainer: '#fffdf7',
    bgElevated: '#ffffff',
    header: '#fff8e6',
    sider: '#fffcf2',
    border: '#efe3c4',
  },
  sapphire: {
    dark: true,
    primary: '#3b82f6',
    bgLayout: '#071631',
    bgContainer: '#0c2147',
    bgElevated: '#12295a',
    header: '#061229',
    sider: '#08193a',
    border: '#1d3a72',
  },
  juntong: {
    dark: true,
    primary: '#2bb39b',
    bgLayout: '#0f1a17',
    bgContainer: '#15241f',
    bgElevated: '#1b2e28',
    header: '#0c1512',
    sider: '#111f1b',
    border: '#27423a',
  },
};

/** The antd theme: every component, and charts through the same tokens, follow it. */
export function antdThemeOf(name: ThemeName): ThemeConfig {
  const p = PALETTES[name];
  return {
    algorithm: p.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: p.primary,
      colorInfo: p.primary,
      colorBgLayout: p.bgLayout,
      colorBgContainer: p.bgContainer,
      colorBgElevated: p.bgElevated,
      colorBorderSecondary: p.border,
      borderRadius: 6,
      fontFamily: "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', sans-serif",
    },
    components: {
      Layout: { headerBg: p.header, siderBg: p.sider, bodyBg: p.bgLayout, headerHeight: 56, headerPadding: '0 16px' },
      Menu: { itemBg: 'transparent', subMenuItemBg: 'transparent' },
      Modal: { contentBg: p.bgElevated, headerBg: p.bgElevated },
    },
  };
}

/** A window-provided theme wins; else the mxTheme cookie; else dark. */
export function initialTheme(windowTheme: string | undefined): ThemeName {
  if (isThemeName(windowTheme)) return windowTheme;
  const saved = readCookie(THEME_COOKIE);
  return isThemeName(saved) ? saved : 'dark';
}

export function saveTheme(name: ThemeName) {
  writeCookie(THEME_COOKIE, name);
}
