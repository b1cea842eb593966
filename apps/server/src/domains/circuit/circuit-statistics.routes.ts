import { circuit as c } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { CircuitAnalysisService } from './circuit-analysis.service.js';
import type { CircuitStatisticsService } from './circuit-statistics.service.js';

/** Statistics of circuits' data types: the `/api/circuit/` GET forms and the `/api/v2/circuit/` forms call the same methods. */
export const circuitStatisticsRoutes: DomainRoutes<{
  circuitStatistics: CircuitStatisticsService;
  circuitAnalysis: CircuitAnalysisService;
}> = (route, { circuitStatistics: stats, circuitAnalysis: analysis }) => {
  route(c.defaultDataTypeList, () => stats.defaultTypes());
  route(c.defaultDataTypeListGet, () => stats.defaultTypes());
  route(c.dataTypeList, (ctx, input) => stats.dataTypes(ctx, input.circuitId));
  route(c.dataTypeListGet, (ctx, input) => stats.dataTypes(ctx, input.id));
  route(c.dataNow, (ctx, input) => analysis.now(ctx, input.circuitId));
  route(c.dataNowGet, (ctx, input) => analysis.now(ctx, input.id));

  route(c.statistics, (ctx, input) => stats.statistics(ctx, input, { cache: false }));
  route(c.statisticsGet, (ctx, input) => stats.statistics(ctx, input, { cache: false }));
  route(c.oldStatistics, (ctx, input) => stats.statistics(ctx, input, { cache: false }));
  route(c.statisticsNoOu, (ctx, input) => stats.statistics(ctx, input, { cache: false, ouCheck: false }));
  route(c.statisticsNoOuGet, (ctx, input) => stats.statistics(ctx, input, { cache: false, ouCheck: false }));
  route(c.statisticsWithCache, (ctx, input) => stats.statistics(ctx, input, { cache: true }));
  route(c.statisticsWithCacheGet, (ctx, input) => stats.statistics(ctx, input, { cache: true }));
  route(c.statisticsBatch, (ctx, input) => stats.batch(ctx, { ...input, dataTypes: [input.dataType] }, { cache: false }));
  route(c.statisticsBatchGet, (ctx, input) => stats.batch(ctx, { ...input, dataTypes: [input.dataType] }, { cache: false }));
  route(c.statisticsBatchWithCache, (ctx, input) => stats.batch(ctx, input, { cache: true }));
  route(c.statisticsBatchWithCacheGet, (ctx, input) => stats.batch(ctx, input, { cache: true }));

  route(c.aggregate, async (ctx, input) => (await stats.aggregate(ctx, { ...input, circuitIds: [input.circuitId] }))[0]!);
  route(c.aggregateGet, async (ctx, input) => (await stats.aggregate(ctx, { ...input, circuitIds: [input.circuitId] }))[0]!);
  route(c.aggrBatch, (ctx, input) => stats.aggregate(ctx, input));
  route(c.aggrBatchGet, (ctx, input) => stats.aggregate(ctx, input));
  route(c.dataRange, (ctx, input) => stats.dataRange(ctx, input));
  route(c.energyAnalysis, (ctx, input) => analysis.energyAnalysis(ctx, input));
  route(c.statisticsExport, (ctx, input, http) => stats.export(ctx, input, http));
  route(c.statisticsExportGet, (ctx, input, http) => stats.export(ctx, input, http));
};
