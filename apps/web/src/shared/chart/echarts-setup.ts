// The parts of ECharts the platform draws with. Loaded only by ThemedChart's dynamic import,
// so ECharts stays out of the first page and only pages with charts pay for it.
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  // the alarm detail marks the alarm time, the recovery and the threshold
  MarkLineComponent,
  MarkAreaComponent,
  // the PV noticeboard's string-current heat map
  HeatmapChart,
  VisualMapComponent,
  // the storage overview's stations at their coordinates
  ScatterChart,
  CanvasRenderer,
]);

export { echarts };
