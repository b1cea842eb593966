import { device } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { TelemetryService } from './telemetry.service.js';

export const telemetryRoutes: DomainRoutes<{ telemetry: TelemetryService }> = (route, { telemetry }) => {
  route(device.dataPropertyRaw, (ctx, input) => telemetry.raw(ctx, input));
  route(device.dataPropertyRecent, (ctx, input) => telemetry.recent(ctx, input));
  route(device.dataPropertyResampledInstantaneous, (ctx, input) => telemetry.resampledInstantaneous(ctx, input));
  route(device.dataPropertyResampledInstantaneous1m, (ctx, input) => telemetry.resampledInstantaneous(ctx, { ...input, interval: '1m' }));
  route(device.dataPropertyResampledCumulative, (ctx, input) => telemetry.resampledCumulative(ctx, input));
  route(device.dataPropertyTimeAggrInstantaneous, (ctx, input) => telemetry.timeAggrInstantaneous(ctx, input));
  route(device.dataPropertyTimeAggrCumulative, (ctx, input) => telemetry.timeAggrCumulative(ctx, input));
  route(device.dataPropertySoc, (ctx, input) => telemetry.curve(ctx, input, ['soc']));
  route(device.dataPropertyPower, (ctx, input) => telemetry.curve(ctx, input, ['p', 'p_ac']));
  route(device.dataPropertyHistoryFill, (ctx) => telemetry.historyFillOf(ctx));
};
