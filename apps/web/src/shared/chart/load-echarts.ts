type ECharts = (typeof import('./echarts-setup'))['echarts'];

let loading: Promise<ECharts> | undefined;

/** Loads ECharts (core and the parts in echarts-setup) once, on the first chart drawn; a failed load is tried again next time. */
export function loadECharts(): Promise<ECharts> {
  loading ??= import('./echarts-setup')
    .then((m) => m.echarts)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
