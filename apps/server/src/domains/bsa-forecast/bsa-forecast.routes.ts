import { bsaForecast } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { BsaChargingService } from './bsa-charging.service.js';
import type { BsaForecastService } from './bsa-forecast.service.js';
import type { BsaWatchService } from './bsa-watch.service.js';

/** Issue 22's storage calls (docs/bsa.md, "Forecasts and station money (issue 22)"). */
export const bsaForecastRoutes: DomainRoutes<{
  bsaForecast: BsaForecastService;
  bsaCharging: BsaChargingService;
  bsaWatch: BsaWatchService;
}> = (route, { bsaForecast: forecast, bsaCharging: charging, bsaWatch: watch }) => {
  route(bsaForecast.predictPower, (ctx, input) => forecast.power(ctx, input));
  route(bsaForecast.predictElectric, (ctx, input) => forecast.electric(ctx, input));
  route(bsaForecast.predictRevenue, (ctx, input) => forecast.revenue(ctx, input));
  route(bsaForecast.getChargingData, (ctx, input) => charging.data(ctx, input));
  route(bsaForecast.chargingDownloadExcel, (ctx, input, http) => charging.export(ctx, input, http));
  route(bsaForecast.alarmCount, (ctx, input) => watch.alarmCount(ctx, input));
  route(bsaForecast.alarmData, (ctx, input) => watch.alarmData(ctx, input));
  route(bsaForecast.attention, (ctx, input) => watch.attention(ctx, input));
};
