import { pv } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { PvNoticeboardService } from './pv-noticeboard.service.js';

/** The noticeboard's panels (docs/pv-analytics.md, "Noticeboard"). */
export const pvNoticeboardRoutes: DomainRoutes<{ pvNoticeboard: PvNoticeboardService }> = (route, { pvNoticeboard: board }) => {
  route(pv.noticeboardInfo, (ctx, input) => board.info(ctx, input));
  route(pv.noticeboardIndicator, (ctx, input) => board.indicator(ctx, input));
  route(pv.noticeboardDispersionDevices, (ctx, input) => board.dispersionDevices(ctx, input));
  route(pv.noticeboardDispersionCurve, (ctx, input) => board.dispersionCurve(ctx, input));
  route(pv.noticeboardModuleData, (ctx, input) => board.moduleData(ctx, input));
  route(pv.noticeboardDeviceInfo, (ctx, input) => board.deviceInfo(ctx, input));
  route(pv.noticeboardStringCurve, (ctx, input) => board.stringCurve(ctx, input));
  route(pv.noticeboardAlarmWeek, (ctx, input) => board.alarmWeek(ctx, input));
  route(pv.noticeboardAlarmCount, (ctx, input) => board.alarmCount(ctx, input));
  route(pv.noticeboardAlarmPage, (ctx, input) => board.alarmPage(ctx, input));
};
