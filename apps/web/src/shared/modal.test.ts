import { describe, expect, it } from 'vitest';
import { MODAL_WIDTH } from './modal';

describe('MODAL_WIDTH', () => {
  it('has the widths of spec 000 §9', () => {
    expect(MODAL_WIDTH).toEqual({ info: 380, confirm: 480, small: 480, normal: 640, large: 800, big: 1024 });
  });
});
