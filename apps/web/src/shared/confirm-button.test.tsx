import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_DEBOUNCE_MS, ConfirmButton, useDebouncedAction } from './confirm-button';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('ConfirmButton', () => {
  it('debounces 400 ms', () => {
    expect(CONFIRM_DEBOUNCE_MS).toBe(400);
  });

  it('acts on the first click, ignores a second within 400 ms, accepts one after', () => {
    const onClick = vi.fn();
    render(<ConfirmButton onClick={onClick}>OK</ConfirmButton>);
    const button = screen.getByRole('button', { name: 'OK' });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    wait(399);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    wait(400);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('a burst of clicks acts once: each click restarts the 400 ms', () => {
    const onClick = vi.fn();
    render(<ConfirmButton onClick={onClick}>OK</ConfirmButton>);
    const button = screen.getByRole('button', { name: 'OK' });
    for (let i = 0; i < 5; i++) {
      fireEvent.click(button);
      wait(300);
    }
    expect(onClick).toHaveBeenCalledTimes(1);
    wait(100);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('shows loading while the action it started is pending, and ignores clicks meanwhile', async () => {
    let finish = () => undefined as void;
    const onClick = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ConfirmButton onClick={onClick}>Save</ConfirmButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(button);
    expect(button.className).toContain('ant-btn-loading');
    wait(1000);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(button.className).not.toContain('ant-btn-loading');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});

describe('useDebouncedAction', () => {
  it('passes the arguments, calls the latest function, and keeps one identity', () => {
    const first = vi.fn((n: number) => n * 2);
    const second = vi.fn((n: number) => n * 3);
    const { result, rerender } = renderHook(({ fn }) => useDebouncedAction(fn, 400), { initialProps: { fn: first } });
    const action = result.current;
    expect(action(2)).toBe(4);
    expect(action(5)).toBeUndefined();
    rerender({ fn: second });
    expect(result.current).toBe(action);
    vi.advanceTimersByTime(400);
    expect(result.current(2)).toBe(6);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('takes another interval', () => {
    const fn = vi.fn();
    const { result } = renderHook(() => useDebouncedAction(fn, 1000));
    result.current();
    vi.advanceTimersByTime(999);
    result.current();
    vi.advanceTimersByTime(1000);
    result.current();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
