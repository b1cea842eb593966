// The editor's state around the contracts' form model: stable keys for the cards (collapse state,
// React keys), and the edits the editor makes. Every rule (defaults, start times, visibility,
// validation) comes from `@energy/contracts/strategy-rules`; nothing here re-implements one.
import {
  newSection,
  SectionType,
  strategyMessage,
  strategyVersion,
  type SectionForm,
  type StrategyForm,
  type StrategyIssue,
} from '@energy/contracts/strategy-rules';
import dayjs from 'dayjs';

/** Create, Update, Display (read-only) and Copy (spec 002 section 2). */
export type EditorMode = 'create' | 'update' | 'display' | 'copy';

/** A card kind's key in texts and test ids. */
export type CardKindKey = 'charge' | 'discharge' | 'smart' | 'standby';
export const CARD_KIND_KEYS: Record<SectionType, CardKindKey> = {
  [SectionType.CHARGE]: 'charge',
  [SectionType.DISCHARGE]: 'discharge',
  [SectionType.CONSUMPTION]: 'smart',
  [SectionType.STANDBY]: 'standby',
};

export interface EditorState {
  form: StrategyForm;
  /** One stable key per card, parallel to `form.sections`. */
  keys: number[];
  nextKey: number;
}

export function initEditorState(form: StrategyForm): EditorState {
  return { form, keys: form.sections.map((_, i) => i + 1), nextKey: form.sections.length + 1 };
}

/**
 * Adds a card of `type` after card `index` (-1: at the top), with the version's defaults and its start
 * at the previous card's end (`newSection`); CF cards carry a copy of the station's meters.
 */
export function addSectionAfter(state: EditorState, index: number, type: SectionType): EditorState {
  const { form } = state;
  const section = newSection(form.version, type, form.sections.slice(0, index + 1), form.meters);
  const sections = [...form.sections];
  sections.splice(index + 1, 0, section);
  const keys = [...state.keys];
  keys.splice(index + 1, 0, state.nextKey);
  return { form: { ...form, sections }, keys, nextKey: state.nextKey + 1 };
}

export function removeSection(state: EditorState, index: number): EditorState {
  return {
    ...state,
    form: { ...state.form, sections: state.form.sections.filter((_, i) => i !== index) },
    keys: state.keys.filter((_, i) => i !== index),
  };
}

export function updateSection(state: EditorState, index: number, patch: Partial<SectionForm>): EditorState {
  const sections = state.form.sections.map((s, i) => (i === index ? { ...s, ...patch } : s));
  return { ...state, form: { ...state.form, sections } };
}

export function updateForm(state: EditorState, patch: Partial<StrategyForm>): EditorState {
  return { ...state, form: { ...state.form, ...patch } };
}

/** The card kinds the add buttons of a card offer: the version's other kinds (spec 002 section 2). */
export function addableKinds(version: number, type: SectionType | null): SectionType[] {
  const kinds = strategyVersion(version)?.cardKinds ?? [];
  return kinds.filter((k) => k !== type);
}

const samePrefix = (path: readonly (string | number)[], prefix: readonly (string | number)[]) => prefix.every((p, i) => path[i] === p);

/**
 * The issues shown at one field: those whose path is `path` exactly, or (with `nested`) starts with it
 * (a DOD pair, the PI pair, a meter row).
 */
export function issuesAt(issues: readonly StrategyIssue[], path: readonly (string | number)[], nested = false): StrategyIssue[] {
  return issues.filter((x) => (nested ? samePrefix(x.path, path) : x.path.length === path.length && samePrefix(x.path, path)));
}

/** An issue's message in the UI language: Chinese from `strategyMessagesZh`, else the spec's English. */
export function issueText(issue: StrategyIssue, language: string): string {
  return language === 'zh-CN' ? strategyMessage(issue.code, 'zh-CN') : issue.message;
}

/** Today in the browser's time zone, 'YYYY-MM-DD' (the validator's `today`, the pickers' past days). */
export const todayString = () => dayjs().format('YYYY-MM-DD');
