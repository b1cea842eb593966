import type { Column, Lang } from '../../excel/columns.js';

// The device list's columns in files: the export shows them all; the import and the template use those
// that are not export-only. Headers in en-US and zh-CN; the import accepts either.

/** A device as the export writes it. */
export interface DeviceFileRow {
  code: string;
  name: string;
  deviceType: string;
  ou: string;
  gateway: string | null;
  longitude: number | null;
  latitude: number | null;
  address: string | null;
  ratedPowerKw: number | null;
  online: boolean;
  createdAt: Date;
}

type DeviceColumn = Column<DeviceFileRow> & { exportOnly?: boolean };

export const DEVICE_COLUMNS: DeviceColumn[] = [
  {
    key: 'code',
    header: { 'en-US': 'Code', 'zh-CN': '设备编码' },
    type: { kind: 'text', max: 64 },
    required: true,
    width: 18,
    value: (r) => r.code,
  },
  {
    key: 'name',
    header: { 'en-US': 'Name', 'zh-CN': '设备名称' },
    type: { kind: 'text', max: 128 },
    required: true,
    width: 24,
    value: (r) => r.name,
  },
  {
    key: 'deviceType',
    header: { 'en-US': 'Device type', 'zh-CN': '设备类型' },
    type: { kind: 'text' },
    required: true,
    width: 20,
    value: (r) => r.deviceType,
  },
  { key: 'ou', header: { 'en-US': 'OU', 'zh-CN': '运营单元' }, type: { kind: 'text' }, required: true, width: 20, value: (r) => r.ou },
  { key: 'gateway', header: { 'en-US': 'Gateway code', 'zh-CN': '网关编码' }, type: { kind: 'text' }, width: 18, value: (r) => r.gateway },
  {
    key: 'longitude',
    header: { 'en-US': 'Longitude', 'zh-CN': '经度' },
    type: { kind: 'number', numFmt: '0.000000' },
    width: 14,
    value: (r) => r.longitude,
  },
  {
    key: 'latitude',
    header: { 'en-US': 'Latitude', 'zh-CN': '纬度' },
    type: { kind: 'number', numFmt: '0.000000' },
    width: 14,
    value: (r) => r.latitude,
  },
  { key: 'address', header: { 'en-US': 'Address', 'zh-CN': '地址' }, type: { kind: 'text', max: 256 }, width: 32, value: (r) => r.address },
  {
    key: 'ratedPowerKw',
    header: { 'en-US': 'Rated power', 'zh-CN': '额定功率' },
    type: { kind: 'number', unit: 'kW', numFmt: '#,##0.00' },
    width: 16,
    value: (r) => r.ratedPowerKw,
  },
  {
    key: 'online',
    header: { 'en-US': 'Status', 'zh-CN': '状态' },
    type: { kind: 'enum', labels: { true: { 'en-US': 'Online', 'zh-CN': '在线' }, false: { 'en-US': 'Offline', 'zh-CN': '离线' } } },
    width: 10,
    value: (r) => r.online,
    exportOnly: true,
  },
  {
    key: 'createdAt',
    header: { 'en-US': 'Created at', 'zh-CN': '创建时间' },
    type: { kind: 'datetime' },
    width: 20,
    value: (r) => r.createdAt,
    exportOnly: true,
  },
];

/** The columns a file imports (and the template offers). */
export const IMPORT_COLUMNS = DEVICE_COLUMNS.filter((c) => !c.exportOnly) as Column<unknown>[];

export const DEVICE_SHEET = { 'en-US': 'Devices', 'zh-CN': '设备' };

/** The import's own problem texts. */
export const DEVICE_MESSAGES = {
  unknownType: { 'en-US': 'Is not a device type of this tenant', 'zh-CN': '不是本租户的设备类型' },
  unknownOu: { 'en-US': 'Is not one of your operating units', 'zh-CN': '不是您的运营单元' },
  ambiguousOu: { 'en-US': 'Several operating units have this name: write its code', 'zh-CN': '多个运营单元同名，请填写编码' },
  unknownGateway: { 'en-US': 'Is not the code of one of your gateways', 'zh-CN': '不是您的网关设备编码' },
  notGateway: { 'en-US': 'Is not a gateway', 'zh-CN': '不是网关' },
  selfGateway: { 'en-US': 'A device cannot be its own gateway', 'zh-CN': '设备不能是自己的网关' },
  duplicate: { 'en-US': 'Duplicates row {row} of the file', 'zh-CN': '与文件第 {row} 行重复' },
  taken: { 'en-US': 'Is already used in this tenant', 'zh-CN': '在本租户中已被使用' },
  coordinates: { 'en-US': 'Longitude and latitude go together', 'zh-CN': '经度和纬度需同时填写' },
  addressAlone: { 'en-US': 'An address needs longitude and latitude', 'zh-CN': '填写地址时需填写经纬度' },
} satisfies Record<string, Record<Lang, string>>;

/** The template's example row. */
export function exampleRow(type: string | undefined, ouName: string | undefined) {
  return {
    code: 'INV-0001',
    name: 'Inverter 1',
    deviceType: type,
    ou: ouName,
    longitude: 121.473701,
    latitude: 31.230416,
    address: 'Shanghai',
    ratedPowerKw: 50,
  };
}
