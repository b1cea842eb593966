// Line loss: stored configurations (a circuit against circuits, an incoming meter against outgoing
// meters), loss and rate per day and month, and alarm rules on the rate with their logs. docs/line-loss.md.
export * from './configs.js';
export * from './alarm-rules.js';
