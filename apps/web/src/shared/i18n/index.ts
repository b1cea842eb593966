import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../cookies';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

export const LANGUAGES = [
  { key: 'en-US', label: 'English' },
  { key: 'zh-CN', label: '简体中文' },
] as const;
export type Language = (typeof LANGUAGES)[number]['key'];

/** The `lang` cookie, else English. */
export function initialLanguage(): Language {
  const saved = readCookie('lang');
  return saved === 'zh-CN' ? 'zh-CN' : 'en-US';
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: initialLanguage(),
  fallbackLng: 'en-US',
  resources: { 'en-US': { translation: enUS }, 'zh-CN': { translation: zhCN } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Changes the language and keeps it in the `lang` cookie. */
export function setLanguage(lang: Language) {
  writeCookie('lang', lang);
  void i18n.changeLanguage(lang);
}

/**
 * Adds a block's or a domain's own texts, keyed by language, under `namespaceKey` of the translation
 * (so `t('<namespaceKey>.<key>')`). Call it at the top level of the module that uses the texts: lazy
 * pages then bring their texts with their chunk. Type the Chinese bundle as `typeof en` so both
 * languages have the same keys.
 */
export function registerTexts<T extends object>(namespaceKey: string, texts: { 'en-US': T; 'zh-CN': T }) {
  for (const lang of LANGUAGES) i18n.addResourceBundle(lang.key, 'translation', { [namespaceKey]: texts[lang.key] }, true, true);
}
