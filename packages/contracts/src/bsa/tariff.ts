// The storage stations' tariff bands are the generic time-of-use rules of common/tou.ts; this module keeps
// their first names (TARIFF_BAND_KINDS, TariffBandKind, TariffBand) for the code that imports them here.
export * from '../common/tou.js';
export { TOU_BAND_KINDS as TARIFF_BAND_KINDS, type TouBandKind as TariffBandKind, type TouBand as TariffBand } from '../common/tou.js';
