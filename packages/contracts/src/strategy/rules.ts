// Zod-free barrel (`@energy/contracts/strategy-rules`): everything of the strategy editor the web needs
// on its first page, without pulling in zod. The zod schemas are in `schemas.ts` (and in the main barrel).
export * from './model.js';
export * from './versions.js';
export * from './visibility.js';
export * from './messages.js';
export * from './convert.js';
export * from './overview.js';
export * from './time-options.js';
export * from './validate.js';
export * from './samples.js';
