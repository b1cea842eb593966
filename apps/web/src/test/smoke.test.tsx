import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { expect, test } from 'vitest';

test('antd renders in jsdom', () => {
  render(<Button>Hello</Button>);
  expect(screen.getByRole('button', { name: 'Hello' })).toBeTruthy();
});
