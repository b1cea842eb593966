import { Table } from 'antd';
import type { TableColumnsType } from 'antd';

/** The page a paged table shows. */
export interface Paging {
  pageOffset: number;
  pageSize: number;
}

/** A server-paged table of stations (the outline and the configs). */
export function PagedTable<Row extends { pvId: number }>(props: {
  columns: TableColumnsType<Row>;
  page: { list: Row[]; totalCount: number } | undefined;
  pending: boolean;
  paging: Paging;
  onPaging: (paging: Paging) => void;
  testId: string;
}) {
  return (
    <Table<Row>
      size="small"
      rowKey="pvId"
      loading={props.pending}
      columns={props.columns}
      dataSource={props.page?.list ?? []}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: props.paging.pageOffset,
        pageSize: props.paging.pageSize,
        total: props.page?.totalCount ?? 0,
        onChange: (pageOffset, pageSize) => props.onPaging({ pageOffset, pageSize }),
      }}
      data-testid={props.testId}
    />
  );
}
