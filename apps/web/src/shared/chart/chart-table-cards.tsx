import type { ReactNode } from 'react';
import { Card, Table } from 'antd';
import type { TableProps } from 'antd';
import { ThemedChart } from './themed-chart';
import type { ChartOption } from './chart-option';

export type ChartTableCardsProps<T> = Omit<TableProps<T>, 'loading' | 'children'> & {
  option: ChartOption;
  /** No figures to draw: the chart shows its empty state. */
  empty: boolean;
  /** The chart's spinner (a refetch keeps the old figures on it). */
  fetching: boolean;
  /** The table's spinner (first load only). */
  pending: boolean;
  chartTestId: string;
  /** Shown under the table, in its card. */
  children?: ReactNode;
};

/** A period report's chart card above its table card (circuit peak-valley cost and statistics, PV report). */
export function ChartTableCards<T extends object>({
  option,
  empty,
  fetching,
  pending,
  chartTestId,
  children,
  ...table
}: ChartTableCardsProps<T>) {
  return (
    <>
      <Card>
        <ThemedChart option={option} empty={empty} loading={fetching} height={340} data-testid={chartTestId} />
      </Card>
      <Card>
        <Table<T> size="small" loading={pending} {...table} />
        {children}
      </Card>
    </>
  );
}
