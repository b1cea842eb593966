import type { AlarmEvaluator, ServerAlarmInput } from './evaluator.js';

/**
 * The alarm domain's entry points for other domains (strategy delivery) and tests: server alarms, and
 * waiting for the evaluator. Raising and auto-recovery are the evaluator's (evaluator.ts); the calls are
 * split by page: records (alarm-records.service.ts), the bell and read state (alarm-bell.service.ts),
 * work orders and readings (alarm-work-orders.service.ts), the fault signboard (alarm-signboard.service.ts),
 * all reading rows through alarm-rows.ts.
 */
export class AlarmService {
  constructor(private readonly evaluator: AlarmEvaluator) {}

  /** Raises a server alarm (scene and target) unless one is active; pushes it. Call outside a request's transaction (ctx.defer). */
  raiseServerAlarm(input: ServerAlarmInput) {
    return this.evaluator.raiseServerAlarm(input);
  }

  recoverServerAlarm(input: Parameters<AlarmEvaluator['recoverServerAlarm']>[0]) {
    return this.evaluator.recoverServerAlarm(input);
  }

  /** Resolves once the readings committed so far have been evaluated. */
  settled() {
    return this.evaluator.settled();
  }

  /** Runs the data-delay check now (it also runs periodically), as if it were `now`. */
  checkDataDelays(now?: number) {
    return this.evaluator.checkDataDelays(now);
  }
}
