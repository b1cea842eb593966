// Alarms (issue 6): device alarm rules (rules.ts), alarm logs (logs.ts, spec 002 alarm-log), the bell's
// calls and the STOMP push bodies (push.ts, spec 000 cors/), and the fault signboard (signboard.ts,
// spec 002 alarm-fault). Shared shapes in common.ts.
export * from './common.js';
export * from './rules.js';
export * from './logs.js';
export * from './push.js';
export * from './signboard.js';
