import './zod-config.js';
export * from './errors.js';
export * from './envelope.js';
export * from './paging.js';
export * from './ids.js';
export * from './endpoint.js';
export * from './org-levels.js';
