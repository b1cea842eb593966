/**
 * Battery-storage charge/discharge strategies (spec 002): the model, conversions and the one validator
 * shared by the web form and the server. Version matrix, decisions and wire format:
 * docs/strategy-versions.md.
 *
 * Web (zod-free: `import { ... } from '@energy/contracts/strategy-rules'`):
 * - `strategyVersion(v)` -> the version's registry entry (card kinds, trigger modes, emptying options,
 *   smart triggers, defaults, rules), or undefined: show 'strategy not registered'.
 * - `newStrategyForm(version, kind, station?)`, `newSection(version, type, previousSections, meters?)`:
 *   empty forms and new cards with the spec's defaults. `copyName(name, kind)` for Copy mode.
 * - `visibleFields(section, version)`: which inputs a card shows.
 * - `startOptions / endOptions(sections, index, granularity)` (+ `disabledHours`, `disabledMinutes`,
 *   `isPastDay`): the time pickers.
 * - `validateStrategyForm(form, {today?})` -> `StrategyIssue[]` ({path, code, message}); show
 *   `strategyMessagesZh[code]` in Chinese. `needsStartConfirm(form)`: ask
 *   `STRATEGY_MESSAGES['sections.startConfirm']` before submitting.
 * - `formToWire(form)` -> the body of `energy-storage-strategy/insert|update`; `wireToForm(wire)` back.
 * - `overviewKindOf`, `overviewCards`, `overviewBars`, `displayPower(kw, version)`: the overview strip.
 *
 * Server (`import { strategy } from '@energy/contracts'`):
 * - `strategy.strategyWireSchema`: the body schema (shape only; update extends it with its id).
 * - `strategy.validateStrategyWire(wire, {today})`: the same rules and messages as the form, paths into
 *   the wire body; unknown section type names give 'Invalid strategy section type'.
 * - `strategy.checkStrategyBody(body, {today})`: parse + validate in one call.
 */
export * from './rules.js';
export * from './schemas.js';
export * from './endpoints/index.js';
