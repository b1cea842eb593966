import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ThemedChart } from './themed-chart';

test('shows antd Empty instead of a chart when there is no data', () => {
  const { container, getByTestId } = render(<ThemedChart data-testid="chart" option={{}} empty />);
  expect(container.querySelector('.ant-empty')).toBeTruthy();
  expect(getByTestId('chart').querySelector('canvas')).toBeNull();
});

test('with data, reserves the chart box at its height while ECharts loads', () => {
  const { container, getByTestId } = render(<ThemedChart data-testid="chart" option={{ series: [] }} height={200} />);
  expect(container.querySelector('.ant-empty')).toBeNull();
  expect(getByTestId('chart').style.height).toBe('200px');
});

test('without a 2D canvas (jsdom has none) the chart says it failed instead of breaking the page', async () => {
  const { findByText } = render(<ThemedChart data-testid="chart" option={{ series: [{ type: 'line', data: [1, 2] }] }} />);
  expect(await findByText('Request failed, please try again later')).toBeTruthy();
});
