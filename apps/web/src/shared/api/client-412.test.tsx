import { ErrorCode } from '@energy/contracts';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { installShellHandlers, PASSWORD_CHANGE_REQUIRED, request, type ShellHandlers } from './client';

// A 412 is 'choose a staff' unless its code says a one-time password must be replaced first (41203).
describe('412 answers', () => {
  afterEach(() => vi.restoreAllMocks());

  const answer412 = (code: number) =>
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code, data: null, msg: 'refused' }), {
        status: 412,
        headers: { 'content-type': 'application/json' },
      }),
    );
  const handlers = () => {
    const h: ShellHandlers = {
      reprobe: vi.fn(),
      sessionExpired: vi.fn(),
      goToLogin: vi.fn(),
      goToStaffSelection: vi.fn(),
      goToPasswordChange: vi.fn(),
      showError: vi.fn(),
    };
    installShellHandlers(h);
    return h;
  };

  test('the code is the contracts’ PASSWORD_CHANGE_REQUIRED', () => {
    expect(PASSWORD_CHANGE_REQUIRED).toBe(ErrorCode.PASSWORD_CHANGE_REQUIRED);
  });

  test('41203 goes to the set-a-new-password page, not to staff selection', async () => {
    const h = handlers();
    answer412(ErrorCode.PASSWORD_CHANGE_REQUIRED);
    await expect(request('POST', '/api/v2/device/page', '{}')).rejects.toMatchObject({ status: 412, code: 41203 });
    expect(h.goToPasswordChange).toHaveBeenCalledOnce();
    expect(h.goToStaffSelection).not.toHaveBeenCalled();
  });

  test('another 412 (a disabled staff) still goes to staff selection', async () => {
    const h = handlers();
    answer412(ErrorCode.STAFF_DISABLED);
    await expect(request('POST', '/api/v2/device/page', '{}')).rejects.toMatchObject({ status: 412 });
    expect(h.goToStaffSelection).toHaveBeenCalledOnce();
    expect(h.goToPasswordChange).not.toHaveBeenCalled();
  });
});
