import { bsaSecond } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { BsaSecondCabinetService } from './bsa-second-cabinet.service.js';
import { exportDistributionLog } from './bsa-second-excel.js';
import { exportCabinets, exportStations } from './bsa-second-lists-excel.js';
import type { BsaSecondFirmwareService } from './bsa-second-firmware.service.js';
import type { BsaSecondService } from './bsa-second.service.js';

/** The address the staff reached the server at: the FCS downloads from the same place. */
const baseUrlOf = (req: { protocol: string; host: string }) => `${req.protocol}://${req.host}`;

export const bsaSecondRoutes: DomainRoutes<{
  bsaSecond: BsaSecondService;
  bsaSecondCabinets: BsaSecondCabinetService;
  bsaSecondFirmware: BsaSecondFirmwareService;
}> = (route, { bsaSecond: stations, bsaSecondCabinets: cabinets, bsaSecondFirmware: firmware }) => {
  // stations
  route(bsaSecond.page, (ctx, input) => stations.page(ctx, input));
  route(bsaSecond.info, (ctx, input) => stations.info(ctx, input));
  route(bsaSecond.update, (ctx, input) => stations.update(ctx, input));
  route(bsaSecond.updateObs, (ctx, input) => stations.updateObs(ctx, input));
  route(bsaSecond.ouList, (ctx) => stations.ouList(ctx));
  route(bsaSecond.enable, (ctx, input) => stations.enable(ctx, input));
  route(bsaSecond.disable, (ctx, input) => stations.disable(ctx, input));
  route(bsaSecond.invalidation, (ctx, input) => stations.invalidation(ctx, input));
  route(bsaSecond.forward, (ctx, input) => stations.forward(ctx, input));
  route(bsaSecond.bindingFcs, (ctx, input) => stations.bindFcs(ctx, input));
  route(bsaSecond.costDetail, (ctx, input) => stations.costDetail(ctx, input));
  route(bsaSecond.costUpset, (ctx, input) => stations.costUpset(ctx, input));
  route(bsaSecond.stationExport, (ctx, input, http) => exportStations(stations, ctx, input, http));
  // cabinets
  route(bsaSecond.cabinetCreate, (ctx, input) => cabinets.create(ctx, input));
  route(bsaSecond.cabinetUpdate, (ctx, input) => cabinets.update(ctx, input));
  route(bsaSecond.cabinetDelete, (ctx, input) => cabinets.delete(ctx, input));
  route(bsaSecond.cabinetList, (ctx, input) => cabinets.list(ctx, input));
  route(bsaSecond.cabinetLinkCreate, (ctx, input) => cabinets.createLink(ctx, input));
  route(bsaSecond.cabinetLinkDelete, (ctx, input) => cabinets.deleteLink(ctx, input));
  route(bsaSecond.cabinetLinkList, (ctx, input) => cabinets.links(ctx, input));
  route(bsaSecond.cabinetDeviceTypeList, () => cabinets.deviceTypes());
  route(bsaSecond.cabinetStackList, (ctx, input) => cabinets.stacks(ctx, input));
  route(bsaSecond.devicePage, (ctx, input) => cabinets.devicePage(ctx, input));
  route(bsaSecond.cabinetExport, (ctx, input, http) => exportCabinets(cabinets, ctx, input, http));
  // versions and firmware
  route(bsaSecond.fcsPage, (ctx, input) => firmware.fcsPage(ctx, input));
  route(bsaSecond.softwareVersionList, (ctx, input) => firmware.softwareVersions(ctx, input));
  route(bsaSecond.hardwareVersionList, (ctx) => firmware.hardwareVersions(ctx));
  route(bsaSecond.distribute, (ctx, input, { req }) => firmware.distribute(ctx, input, baseUrlOf(req)));
  route(bsaSecond.distributeLogList, (ctx, input) => firmware.logList(ctx, input));
  route(bsaSecond.distributeLogExport, (ctx, input, http) => exportDistributionLog(firmware, ctx, input, http));
  route(bsaSecond.firmwareDownload, (ctx, _input, { req, reply }) =>
    firmware.download(ctx, bsaSecond.bearerDownloadToken(req.headers.authorization), reply),
  );
};
