/**
 * The Chinese of the server's error messages (docs/i18n.md, "Error messages"). The server composes its
 * messages in English at the throw sites (`invalid(field, problem)` → `body.x: problem`, `notFound(what)`
 * → `X does not exist`, `conflict`, `new AppError`, zod's issues joined with `; `); its error handler
 * answers `errorText(msg, lang)`, so one place translates them all. Each `field: problem` part keeps its
 * field path and translates its problem; codes, names and numbers inside a message stay as they are; a
 * message or part with no Chinese here is answered in English, as it was (nothing is ever lost).
 * Zod-free, like seeded-texts.ts.
 */
import { ErrorCode, defaultMessageOf, type ErrorCodeValue } from '../common/errors.js';
import { STRATEGY_MESSAGES, strategyMessagesZh, type StrategyMessageCode } from '../strategy/messages.js';
import { PLAIN_TEXTS_ZH as TEXTS } from './error-plain-texts.js';
import { errorTemplates } from './error-templates.js';
import { DEFAULT_MESSAGES_ZH } from './error-words.js';
import type { SeededLang } from './seeded-texts.js';

export { DEFAULT_MESSAGES_ZH } from './error-words.js';

const TEMPLATES = errorTemplates((message) => errorText(message, 'zh-CN'));

/** A message or a problem, whole: its exact Chinese or a template's; null when neither knows it. */
function whole(text: string): string | null {
  const exact = TEXTS[text];
  if (exact !== undefined) return exact;
  for (const t of TEMPLATES) {
    const m = t.re.exec(text);
    const zh = m && t.zh(m);
    if (zh)
      return zh
        .replace(/ {2,}/g, ' ')
        .replace(/ ([，。：；）])/g, '$1')
        .trim();
  }
  return null;
}

/** A field path before a problem: `body.fcsDeviceIds.2`, `query`, `path.id`, `body.items.12...`. */
const FIELD_PART = /^([A-Za-z_$][\w$.[\]-]*(?:\.\.\.)?): (.+)$/s;

/** One `field: problem` part (or a message without a field): its Chinese, or null. */
function part(text: string): string | null {
  const m = FIELD_PART.exec(text);
  const problem = m && whole(m[2]!);
  return problem ? `${m![1]}：${problem}` : whole(text);
}

/**
 * An error message in the caller's language: in zh-CN, the Chinese of the whole message or of each of
 * its `; `-joined parts (a part with no Chinese stays English); in en-US, the message as it is.
 */
export function errorText(message: string, lang: SeededLang): string {
  if (lang !== 'zh-CN' || !message) return message;
  const one = part(message);
  if (one !== null) return one;
  if (!message.includes('; ')) return message;
  const parts = message.split('; ').map((p) => ({ en: p, zh: part(p) }));
  return parts.some((p) => p.zh !== null) ? parts.map((p) => p.zh ?? p.en).join('；') : message;
}

/** True when a message has Chinese (errorText would change it): the coverage test's question. */
export function hasErrorTextZh(message: string): boolean {
  return errorText(message, 'zh-CN') !== message;
}

/** The default message of a code in the caller's language. */
export function defaultErrorText(code: ErrorCodeValue, lang: SeededLang): string {
  return lang === 'zh-CN' ? DEFAULT_MESSAGES_ZH[code] : defaultMessageOf[code];
}

// a default message is a message too: `new AppError(code)` answers it
for (const code of Object.values(ErrorCode)) TEXTS[defaultMessageOf[code]] ??= DEFAULT_MESSAGES_ZH[code];
// the strategy validator's problems (strategyIssuesError: `body.strategy.x: <message>`) have their Chinese already
for (const code of Object.keys(STRATEGY_MESSAGES) as StrategyMessageCode[]) TEXTS[STRATEGY_MESSAGES[code]] ??= strategyMessagesZh[code];
