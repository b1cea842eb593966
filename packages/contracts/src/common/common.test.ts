import { describe, expect, it } from 'vitest';
import { ErrorCode, defaultMessageOf, httpStatusOf } from './errors.js';
import { defaultOrgLevelName, orgLevelName } from './org-levels.js';

describe('error codes', () => {
  it('gives every code a status and a message; input errors sit in 40000..69999 with HTTP 400', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(httpStatusOf[code]).toBeGreaterThanOrEqual(200);
      expect(defaultMessageOf[code]).toBeTruthy();
    }
    for (const code of [ErrorCode.VALIDATION, ErrorCode.MALFORMED_BODY, ErrorCode.PAYLOAD_TOO_LARGE]) {
      expect(code).toBeGreaterThanOrEqual(40000);
      expect(code).toBeLessThanOrEqual(69999);
      expect(httpStatusOf[code]).toBe(400);
    }
    expect(httpStatusOf[ErrorCode.STAFF_DISABLED]).toBe(412);
    expect(defaultMessageOf[ErrorCode.INTERNAL]).toBe('unknown error, please contact the administrator');
  });
});

describe('organisation level names', () => {
  it('defaults to headquarters, subsidiary, 2-level subsidiary, ...', () => {
    expect([1, 2, 3, 4].map(defaultOrgLevelName)).toEqual(['headquarters', 'subsidiary', '2-level subsidiary', '3-level subsidiary']);
    expect(orgLevelName(['group', ''], 2)).toBe('subsidiary');
    expect(orgLevelName(['group'], 1)).toBe('group');
  });
});
