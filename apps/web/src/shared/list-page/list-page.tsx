import type { ReactNode } from 'react';
import { Card, Flex } from 'antd';
import { PageTitle } from '../page-title';

/**
 * A list page's frame: a card (`data-testid={testId}`) with the page title on the left of its header,
 * `extra` (buttons) on the right, and the page's FilterForm and ListTable below.
 */
export function ListPage({ title, testId, extra, children }: { title: ReactNode; testId: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <PageTitle>{title}</PageTitle>
        {extra}
      </Flex>
      {children}
    </Card>
  );
}
