import { pv } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { MeterReadingsService } from './meter-readings.service.js';
import type { PvReadingsExcel } from './pv-readings-excel.js';
import type { PvReportsService } from './pv-reports.service.js';

export const pvReadingsRoutes: DomainRoutes<{
  meterReadings: MeterReadingsService;
  pvReports: PvReportsService;
  pvReadingsExcel: PvReadingsExcel;
}> = (route, { meterReadings: readings, pvReports: reports, pvReadingsExcel: excel }) => {
  route(pv.pvMeterReadingPage, async (ctx, input) => readings.page(await readings.stationReadings(ctx, input), input));
  route(pv.meterReadingPage, async (ctx, input) => readings.page(await readings.meterReadings(ctx, input), input));
  route(pv.meterReadingReImplement, (ctx, input) => readings.reImplement(ctx, input));
  route(pv.meterReadingPvRestart, (ctx, input) => readings.restart(ctx, input));
  route(pv.meterReadingPvDownload, (ctx, input, http) => excel.stationReadings(ctx, input, http));
  route(pv.meterReadingDownload, (ctx, input, http) => excel.meterReadings(ctx, input, http));
  route(pv.reportList, (ctx, input) => reports.report(ctx, input));
  route(pv.reportExcel, (ctx, input, http) => excel.report(ctx, input, http));
};
