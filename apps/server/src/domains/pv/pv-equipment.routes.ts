import { pv } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { PvEquipmentExcel } from './pv-equipment-excel.js';
import { inverterRows, moduleRows, stringRows, type PvEquipmentService } from './pv-equipment.service.js';
import { pvInverter, pvModule, pvString } from './pv.schema.js';

/** The station of an import or export: its path parameter or query (the crud generator types them loosely). */
const pvIdOf = (input: unknown) => (input as { pvId: number }).pvId;

export const pvEquipmentRoutes: DomainRoutes<{ pvEquipment: PvEquipmentService; pvEquipmentExcel: PvEquipmentExcel }> = (
  route,
  { pvEquipment: e, pvEquipmentExcel: excel },
) => {
  const { rules } = e;
  route(pv.pvInverterPage, (ctx, input) => e.inverters(ctx, input).page(input, inverterRows(ctx.tx)));
  route(pv.pvInverterList, (ctx, input) => e.inverters(ctx, input).all(inverterRows(ctx.tx)));
  route(pv.pvInverterCreateCall, (ctx, input) => e.createInverter(ctx, input));
  route(pv.pvInverterUpdateCall, (ctx, input) => e.updateInverter(ctx, input));
  route(pv.pvInverterUpdatePut, (ctx, input) => e.updateInverter(ctx, input));
  route(pv.pvInverterDelete, async (ctx, input) => (await rules.deleteRows(ctx, pvInverter, [input.id], 'PV inverter'), null));
  route(pv.pvInverterDeleteAll, (ctx, input) => rules.deleteRows(ctx, pvInverter, input.ids, 'PV inverter'));
  route(pv.pvInverterUpdateDevice, (ctx, input) => rules.bind(ctx, pvInverter, input, 'inverter', 'PV inverter'));
  route(pv.pvInverterRemoveDevice, (ctx, input) => rules.bind(ctx, pvInverter, { ...input, deviceId: null }, 'inverter', 'PV inverter'));
  route(pv.pvInverterImport, (ctx, input, { req }) => excel.import(ctx, 'inverter', pvIdOf(input), req));
  route(pv.pvInverterExport, (ctx, input, http) => excel.export(ctx, 'inverter', { ...input, pvId: pvIdOf(input) }, http));
  route(pv.pvInverterTemplate, (_ctx, input, http) => excel.template('inverter', input, http));

  route(pv.pvStringPage, (ctx, input) => e.strings(ctx, input).page(input, stringRows(ctx.tx)));
  route(pv.pvStringList, (ctx, input) => e.strings(ctx, input).all(stringRows(ctx.tx)));
  route(pv.pvStringCreateCall, (ctx, input) => e.createString(ctx, input));
  route(pv.pvStringUpdateCall, (ctx, input) => e.updateString(ctx, input));
  route(pv.pvStringDelete, async (ctx, input) => (await rules.deleteRows(ctx, pvString, [input.id], 'PV string'), null));
  route(pv.pvStringDeleteAll, (ctx, input) => rules.deleteRows(ctx, pvString, input.ids, 'PV string'));
  route(pv.pvStringUpdateDevice, (ctx, input) => rules.bind(ctx, pvString, input, 'string', 'PV string'));
  route(pv.pvStringRemoveDevice, (ctx, input) => rules.bind(ctx, pvString, { ...input, deviceId: null }, 'string', 'PV string'));
  route(pv.pvStringImport, (ctx, input, { req }) => excel.import(ctx, 'string', pvIdOf(input), req));
  route(pv.pvStringExport, (ctx, input, http) => excel.export(ctx, 'string', { ...input, pvId: pvIdOf(input) }, http));
  route(pv.pvStringTemplate, (_ctx, input, http) => excel.template('string', input, http));

  route(pv.pvModulePage, (ctx, input) => e.modules(ctx, input).page(input, moduleRows(ctx.tx)));
  route(pv.pvModuleList, (ctx, input) => e.modules(ctx, input).all(moduleRows(ctx.tx)));
  route(pv.pvModuleCreateCall, (ctx, input) => e.createModule(ctx, input));
  route(pv.pvModuleUpdateCall, (ctx, input) => e.updateModule(ctx, input));
  route(pv.pvModuleDelete, async (ctx, input) => (await rules.deleteRows(ctx, pvModule, [input.id], 'PV module'), null));
  route(pv.pvModuleDeleteAll, (ctx, input) => rules.deleteRows(ctx, pvModule, input.ids, 'PV module'));
  route(pv.pvModuleUpdateDevice, (ctx, input) => rules.bind(ctx, pvModule, input, 'module', 'PV module'));
  route(pv.pvModuleRemoveDevice, (ctx, input) => rules.bind(ctx, pvModule, { ...input, deviceId: null }, 'module', 'PV module'));
  route(pv.pvModuleImport, (ctx, input, { req }) => excel.import(ctx, 'module', pvIdOf(input), req));
  route(pv.pvModuleImportByQuery, (ctx, input, { req }) => excel.import(ctx, 'module', pvIdOf(input), req));
  route(pv.pvModuleExport, (ctx, input, http) => excel.export(ctx, 'module', { ...input, pvId: pvIdOf(input) }, http));
  route(pv.pvModuleTemplate, (_ctx, input, http) => excel.template('module', input, http));
};
