import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import antdEnUS from 'antd/es/locale/en_US';
import { readCookie, writeCookie } from '../cookies';
import { enUS } from './en-US';

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

/**
 * English is in the entry; another language is one lazy chunk with the shell's texts and the antd and
 * dayjs locales, loaded by i18next (as a backend) the first time the language is chosen, so
 * `changeLanguage` resolves once its texts are there. Texts a page registers (registerTexts) for a
 * language that is not loaded yet wait here and join it when it loads: i18next loads a language only
 * while it has no bundle, so adding one early would leave the shell's texts out.
 */
const loaded = new Set<string>(['en-US']);
const waiting = new Map<string, object[]>();
const antdLocales = new Map<string, Locale>([['en-US', antdEnUS]]);
let setDayjsChinese: ((chinese: boolean) => void) | undefined;
const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (language !== 'zh-CN') return callback(null, {});
    import('./zh-CN-bundle').then(
      (bundle) => {
        antdLocales.set(language, bundle.antdLocale);
        setDayjsChinese = bundle.setDayjsChinese;
        loaded.add(language);
        callback(null, bundle.texts);
        for (const texts of waiting.get(language) ?? []) i18n.addResourceBundle(language, 'translation', texts, true, true);
        waiting.delete(language);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();
/** Resolves when the first language's texts are there (at once for English): render after it. */
export const i18nReady = i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: 'en-US',
    load: 'currentOnly',
    resources: { 'en-US': { translation: enUS } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  .then(() => undefined);

// dayjs (which the entry does not load) is only told once the Chinese chunk brought it; until then it is English
i18n.on('languageChanged', (language) => setDayjsChinese?.(language === 'zh-CN'));

/** antd's locale for a loaded language (English until the language's chunk is there). */
export function antdLocaleOf(lang: string): Locale {
  return antdLocales.get(lang) ?? antdEnUS;
}

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
  for (const lang of LANGUAGES) {
    const bundle = { [namespaceKey]: texts[lang.key] };
    if (loaded.has(lang.key)) i18n.addResourceBundle(lang.key, 'translation', bundle, true, true);
    else waiting.set(lang.key, [...(waiting.get(lang.key) ?? []), bundle]);
  }
}
