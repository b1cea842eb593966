/**
 * The platform's standard device types: a tree of categories and types, each type a template of the
 * data properties its devices report. The server seeds these for every tenant; the simulator's device
 * models report exactly these keys. Units: power kW, energy kWh, voltage V, current A, temperature °C.
 */

/** instantaneous: a sampled value (avg/max/min per bucket); cumulative: a counter (increase per bucket); state: a code. */
export type PropertyKind = 'instantaneous' | 'cumulative' | 'state';

export interface PropertyTemplate {
  key: string;
  name: string;
  unit: string;
  kind: PropertyKind;
}

export interface DeviceTypeTemplate {
  /** Stable key, used by the simulator and in the seed. */
  key: string;
  name: string;
  category: DeviceCategoryKey;
  /** Gateways connect other devices; a device's gateway must be a device of a gateway type. */
  isGateway?: boolean;
  properties: PropertyTemplate[];
}

export type DeviceCategoryKey = 'pv' | 'meter' | 'storage' | 'charging' | 'environment' | 'gateway';

export const DEVICE_CATEGORIES: { key: DeviceCategoryKey; name: string }[] = [
  { key: 'pv', name: 'Photovoltaic' },
  { key: 'meter', name: 'Metering' },
  { key: 'storage', name: 'Battery storage' },
  { key: 'charging', name: 'EV charging' },
  { key: 'environment', name: 'Environment' },
  { key: 'gateway', name: 'Gateways' },
];

const p = (key: string, name: string, unit: string, kind: PropertyKind = 'instantaneous'): PropertyTemplate => ({ key, name, unit, kind });

export const DEVICE_TYPES: DeviceTypeTemplate[] = [
  {
    key: 'pv-inverter',
    name: 'PV inverter',
    category: 'pv',
    properties: [
      p('p_ac', 'AC active power', 'kW'),
      p('p_dc', 'DC input power', 'kW'),
      p('v_ac', 'AC voltage (phase A)', 'V'),
      p('i_ac', 'AC current (phase A)', 'A'),
      p('freq', 'Grid frequency', 'Hz'),
      p('temp_inner', 'Internal temperature', '°C'),
      p('e_total', 'Total yield', 'kWh', 'cumulative'),
      p('status', 'Operating state (0 standby, 1 running, 2 fault)', '', 'state'),
    ],
  },
  {
    key: 'pv-string',
    name: 'PV string',
    category: 'pv',
    properties: [p('v', 'String voltage', 'V'), p('i', 'String current', 'A'), p('p', 'String power', 'kW')],
  },
  {
    key: 'grid-meter',
    name: 'Grid connection meter',
    category: 'meter',
    properties: [
      p('p', 'Active power (import positive)', 'kW'),
      p('q', 'Reactive power', 'kvar'),
      p('pf', 'Power factor', ''),
      p('v_a', 'Voltage phase A', 'V'),
      p('i_a', 'Current phase A', 'A'),
      p('e_imp', 'Imported energy', 'kWh', 'cumulative'),
      p('e_exp', 'Exported energy', 'kWh', 'cumulative'),
    ],
  },
  {
    key: 'feeder-meter',
    name: 'Feeder (circuit) meter',
    category: 'meter',
    properties: [
      p('p', 'Active power', 'kW'),
      p('pf', 'Power factor', ''),
      p('v_a', 'Voltage phase A', 'V'),
      p('i_a', 'Current phase A', 'A'),
      p('e_imp', 'Consumed energy', 'kWh', 'cumulative'),
    ],
  },
  {
    key: 'bsa-pcs',
    name: 'Storage PCS',
    category: 'storage',
    properties: [
      p('p', 'Active power (discharge positive)', 'kW'),
      p('soc', 'State of charge', '%'),
      p('soh', 'State of health', '%'),
      p('e_chg', 'Charged energy', 'kWh', 'cumulative'),
      p('e_dis', 'Discharged energy', 'kWh', 'cumulative'),
      p('status', 'Operating state (0 standby, 1 charging, 2 discharging, 3 fault)', '', 'state'),
    ],
  },
  {
    key: 'bsa-rack',
    name: 'Battery rack',
    category: 'storage',
    properties: [
      p('v', 'Rack voltage', 'V'),
      p('i', 'Rack current', 'A'),
      p('soc', 'Rack state of charge', '%'),
      p('temp_max', 'Highest cell temperature', '°C'),
      p('temp_min', 'Lowest cell temperature', '°C'),
    ],
  },
  {
    key: 'bsa-pack',
    name: 'Battery pack',
    category: 'storage',
    properties: [
      p('v', 'Pack voltage', 'V'),
      p('cell_v_max', 'Highest cell voltage', 'V'),
      p('cell_v_min', 'Lowest cell voltage', 'V'),
      p('temp', 'Pack temperature', '°C'),
    ],
  },
  {
    key: 'bsa-cell',
    name: 'Battery cell',
    category: 'storage',
    properties: [p('v', 'Cell voltage', 'V'), p('temp', 'Cell temperature', '°C')],
  },
  {
    key: 'charging-pile',
    name: 'Charging pile',
    category: 'charging',
    properties: [
      p('p', 'Charging power', 'kW'),
      p('e_total', 'Delivered energy', 'kWh', 'cumulative'),
      p('session_energy', 'Energy of the current session', 'kWh'),
      p('gun_state', 'Gun state (0 idle, 1 plugged, 2 charging, 3 fault)', '', 'state'),
    ],
  },
  {
    key: 'env-sensor',
    name: 'Environment sensor',
    category: 'environment',
    properties: [
      p('irradiance', 'Plane-of-array irradiance', 'W/m²'),
      p('temp_amb', 'Ambient temperature', '°C'),
      p('temp_module', 'Module temperature', '°C'),
      p('wind', 'Wind speed', 'm/s'),
      p('humidity', 'Relative humidity', '%'),
    ],
  },
  {
    key: 'edge-gateway',
    name: 'Edge gateway',
    category: 'gateway',
    isGateway: true,
    properties: [p('rssi', 'Signal strength', 'dBm'), p('cpu', 'CPU load', '%')],
  },
  {
    // the storage station's on-site controller: receives strategies and runs them (docs/bsa.md); it
    // reports on its own, no device reports through it, so it is not a gateway type
    key: 'bsa-fcs',
    name: 'FCS edge controller',
    category: 'gateway',
    properties: [
      p('run_state', 'Running state (0 stopped, 1 running, 2 fault)', '', 'state'),
      p('mode', 'Control mode (0 manual, 1 strategy, 2 remote command)', '', 'state'),
      p('strategy_id', 'Executing strategy id (0 none)', '', 'state'),
      p('strategy_version', 'Strategy version it runs (1 CA .. 6 CF)', '', 'state'),
      // the battery container's sensors wired to the FCS (docs/bsa.md "Monitoring (issue 22)", environment)
      p('env_temp', 'Container temperature', '°C'),
      p('env_humidity', 'Container relative humidity', '%'),
      p('smoke', 'Smoke detector (0 clear, 1 smoke)', '', 'state'),
      p('water', 'Water-leak sensor (0 dry, 1 water)', '', 'state'),
    ],
  },
  {
    // a PV station's generation meter on its grid connection point: what its inverters deliver (e_exp),
    // and what the station draws at night (transformer no-load loss, inverters' standby: e_imp)
    key: 'pv-meter',
    name: 'PV generation meter',
    category: 'meter',
    properties: [
      p('p', 'Active power (generation positive)', 'kW'),
      p('e_exp', 'Generated energy', 'kWh', 'cumulative'),
      p('e_imp', 'Imported energy', 'kWh', 'cumulative'),
    ],
  },
];

export function deviceTypeOf(key: string): DeviceTypeTemplate | undefined {
  return DEVICE_TYPES.find((type) => type.key === key);
}
