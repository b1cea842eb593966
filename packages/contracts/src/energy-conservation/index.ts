// Energy conservation: per circuit a baseline configuration (same period of a reference year, or a
// linear model against production volume or degree days as IPMVP option C), monthly driver values,
// savings in Wh and money, pies, comparisons, rates and the export. docs/energy-conservation.md.
export * from './configs.js';
export * from './savings.js';
