/**
 * The one error-code table of the platform. Server and web both read it: the server to answer,
 * the web shell (spec 000 section 8) to decide what to do with an answer.
 *
 * Ranges: 0 success; 40000..69999 business and input errors shown to the user in a modal;
 * -10000 a generic business failure (also a modal). HTTP status carries the shell behaviour
 * (400 modal, 401 re-probe, 403 re-probe or the staff dialog, 404 modal, 412 staff selection,
 * 429 modal, 500 modal with the generic text).
 */
export const ErrorCode = {
  OK: 0,
  BUSINESS_FAILURE: -10000,
  /** Input failed validation; the message names the field. */
  VALIDATION: 40000,
  /** The body is not parseable JSON / form / multipart. */
  MALFORMED_BODY: 40001,
  /** The body or an uploaded file is over its limit. */
  PAYLOAD_TOO_LARGE: 40002,
  /** The uploaded file type is not accepted. */
  UNSUPPORTED_FILE_TYPE: 40003,
  /** A password given to confirm an action (old login password, operation password) is wrong. */
  WRONG_PASSWORD: 40004,
  /** The tenant's upload quota (bytes of stored files) would be exceeded; the message names the limit. */
  QUOTA_EXCEEDED: 40005,
  /** The new value conflicts with an existing one (duplicate code, name...). */
  CONFLICT: 40009,
  /** Not signed in, or the jwtToken header does not match the session. */
  UNAUTHENTICATED: 40100,
  /** Sign-in failed: one message for unknown user and wrong password alike. */
  LOGIN_FAILED: 40101,
  /** Signed in, but the current staff lacks the permission the call needs. */
  FORBIDDEN: 40300,
  /** The staff to check or switch to is not one of the signed-in user's. */
  STAFF_NOT_OWNED: 40301,
  /** The object does not exist, or is not visible to the current staff (same answer on purpose). */
  NOT_FOUND: 40400,
  /** No usable current staff: none selected. */
  STAFF_NOT_SELECTED: 41200,
  /** The staff is disabled. */
  STAFF_DISABLED: 41201,
  /** The staff is frozen. */
  STAFF_FROZEN: 41202,
  /** Signed in with a one-time password: it must be changed before anything else. */
  PASSWORD_CHANGE_REQUIRED: 41203,
  /** Too many failed sign-ins for this address or username. */
  TOO_MANY_ATTEMPTS: 42900,
  /** Too many expensive calls (telemetry ranges, exports, imports, uploads): wait Retry-After seconds. */
  RATE_LIMITED: 42901,
  /** Unexpected fault: generic message, details only in the server log. */
  INTERNAL: 50000,
  /** The session has expired: go to login with a redirect (spec 000 section 8). */
  SESSION_EXPIRED: 50002,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status sent with each error code. */
export const httpStatusOf: Record<ErrorCodeValue, number> = {
  [ErrorCode.OK]: 200,
  [ErrorCode.BUSINESS_FAILURE]: 400,
  [ErrorCode.VALIDATION]: 400,
  [ErrorCode.MALFORMED_BODY]: 400,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 400,
  [ErrorCode.UNSUPPORTED_FILE_TYPE]: 400,
  [ErrorCode.WRONG_PASSWORD]: 400,
  [ErrorCode.QUOTA_EXCEEDED]: 400,
  [ErrorCode.CONFLICT]: 400,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.LOGIN_FAILED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.STAFF_NOT_OWNED]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.STAFF_NOT_SELECTED]: 412,
  [ErrorCode.STAFF_DISABLED]: 412,
  [ErrorCode.STAFF_FROZEN]: 412,
  [ErrorCode.PASSWORD_CHANGE_REQUIRED]: 412,
  [ErrorCode.TOO_MANY_ATTEMPTS]: 429,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.INTERNAL]: 500,
  [ErrorCode.SESSION_EXPIRED]: 401,
};

/** Default texts (spec 000 section 8 wording where the spec gives one). */
export const defaultMessageOf: Record<ErrorCodeValue, string> = {
  [ErrorCode.OK]: 'success',
  [ErrorCode.BUSINESS_FAILURE]: 'Request failed, please try again later',
  [ErrorCode.VALIDATION]: 'Invalid input',
  [ErrorCode.MALFORMED_BODY]: 'The request body is malformed',
  [ErrorCode.PAYLOAD_TOO_LARGE]: 'The request is too large',
  [ErrorCode.UNSUPPORTED_FILE_TYPE]: 'upload the correct file format',
  [ErrorCode.WRONG_PASSWORD]: 'The password is incorrect',
  [ErrorCode.QUOTA_EXCEEDED]: 'The upload quota of the tenant is used up',
  [ErrorCode.CONFLICT]: 'The value is already in use',
  [ErrorCode.UNAUTHENTICATED]: 'Not signed in',
  [ErrorCode.LOGIN_FAILED]: 'Incorrect username or password',
  [ErrorCode.FORBIDDEN]: 'You do not have permission for this action',
  [ErrorCode.STAFF_NOT_OWNED]: 'This staff account does not belong to you',
  [ErrorCode.NOT_FOUND]: 'The object does not exist',
  [ErrorCode.STAFF_NOT_SELECTED]: 'Please select a staff account',
  [ErrorCode.STAFF_DISABLED]: 'The staff account is disabled',
  [ErrorCode.STAFF_FROZEN]: 'The staff account is frozen',
  [ErrorCode.PASSWORD_CHANGE_REQUIRED]: 'Please set a new password: the one you signed in with was for one use only',
  [ErrorCode.TOO_MANY_ATTEMPTS]: 'Too many failed attempts, please try again later',
  [ErrorCode.RATE_LIMITED]: 'Too many requests, please try again later',
  [ErrorCode.INTERNAL]: 'unknown error, please contact the administrator',
  [ErrorCode.SESSION_EXPIRED]: 'Your login has expired, please refresh the page to log in again',
};
