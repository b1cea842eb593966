import { Flex, Spin } from 'antd';

export const PageSpinner = () => (
  <Flex align="center" justify="center" style={{ minHeight: 240 }} data-testid="page-spinner">
    <Spin size="large" />
  </Flex>
);
