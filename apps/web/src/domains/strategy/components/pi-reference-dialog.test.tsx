import { act, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { inLanguage } from './test-utils';
import { PiReferenceDialog } from './pi-reference-dialog';
import '../texts';

const T = { timeout: 30_000 };

describe('PiReferenceDialog', () => {
  it('shows four drawn step responses with the spec captions', T, async () => {
    render(
      <App>
        <PiReferenceDialog open onClose={() => undefined} />
      </App>,
    );
    const dialog = await screen.findByTestId('pi-reference-dialog');
    await act(async () => undefined);
    const figures = within(dialog).getAllByRole('figure');
    expect(figures).toHaveLength(4);
    expect(figures.map((f) => f.querySelector('figcaption')!.textContent)).toEqual([
      '(1) Raising I alone lets P converge earlier',
      '(2) Too large a P may be unstable',
      '(3) Raising I with P unchanged reduces the steady-state error',
      '(4) Too large an I may cause oscillation',
    ]);
    // each figure is an SVG with the target line and two computed curves
    for (const f of figures) {
      expect(f.querySelector('svg')).toBeTruthy();
      expect(f.querySelectorAll('polyline')).toHaveLength(2);
      expect(f.querySelector('polyline')!.getAttribute('points')!.split(' ').length).toBeGreaterThan(100);
    }
    expect(screen.getByText('PI control configuration reference')).toBeTruthy();
  });

  it('captions in Chinese', T, async () => {
    await inLanguage('zh-CN', async () => {
      render(
        <App>
          <PiReferenceDialog open onClose={() => undefined} />
        </App>,
      );
      const dialog = await screen.findByTestId('pi-reference-dialog');
      expect(within(dialog).getByTestId('pi-figure-4').textContent).toContain('I过大可能引起振荡');
      expect(screen.getByText('PI控制配置参考')).toBeTruthy();
    });
  });
});
