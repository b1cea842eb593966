import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { antdThemeOf } from '../theme/themes';
import { chartPalette, chartThemeOf } from './chart-theme';

const tokensOf = (name: 'dark' | 'light') => {
  const config = antdThemeOf(name);
  return theme.getDesignToken({ algorithm: config.algorithm, token: config.token });
};

describe('chart theme', () => {
  it('takes text, axes, split lines, tooltip and palette from the antd tokens', () => {
    const t = tokensOf('dark');
    const c = chartThemeOf(t);
    expect(c.color[0]).toBe(t.colorPrimary);
    expect(c.color).toEqual(chartPalette(t));
    expect(c.textStyle.color).toBe(t.colorText);
    expect(c.valueAxis.axisLabel.color).toBe(t.colorTextSecondary);
    expect(c.valueAxis.splitLine.lineStyle.color).toBe(t.colorBorderSecondary);
    expect(c.tooltip.backgroundColor).toBe(t.colorBgElevated);
    expect(c.backgroundColor).toBe('transparent');
  });

  it('differs between a dark and a light theme', () => {
    const dark = chartThemeOf(tokensOf('dark'));
    const light = chartThemeOf(tokensOf('light'));
    expect(dark.textStyle.color).not.toBe(light.textStyle.color);
    expect(dark.tooltip.backgroundColor).not.toBe(light.tooltip.backgroundColor);
    // the primary as antd computes it for the theme (the dark algorithm adjusts the seed)
    expect(dark.color[0]).toBe(tokensOf('dark').colorPrimary);
    expect(light.color[0]).toBe('#1668dc');
    expect(dark.color[0]).not.toBe(light.color[0]);
  });
});
