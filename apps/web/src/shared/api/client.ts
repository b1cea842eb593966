import type { EndpointRef, RefInput, RefOutput } from '@energy/contracts/refs-types';
import { readCookie } from '../cookies';
import { errorReporter } from '../error-report';
import { i18n } from '../i18n';

/**
 * The one API client of the web app. It applies spec 000 section 8 to every answer, so pages only
 * call `api(contract, input)` and use the data; they handle no error themselves.
 */

/** An HTTP error (status, errorType, errorMessage) or an envelope error (code, message). */
export class ApiError extends Error {
  constructor(
    readonly kind: 'http' | 'envelope' | 'network',
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** What the shell does with an answer; installed by the shell at start (see app/shell/api-bridge.tsx). */
export interface ShellHandlers {
  reprobe(): void;
  /** 50002: the session expired. */
  sessionExpired(): void;
  /** 411: sign in again. */
  goToLogin(): void;
  goToStaffSelection(): void;
  /** 412 41203: signed in with a one-time password, a new one must be set first. */
  goToPasswordChange(): void;
  showError(message: string): void;
}

/** 412 with this code: the one-time password must be replaced (`ErrorCode.PASSWORD_CHANGE_REQUIRED`). */
export const PASSWORD_CHANGE_REQUIRED = 41203;

let handlers: ShellHandlers = {
  reprobe: () => undefined,
  sessionExpired: () => undefined,
  goToLogin: () => undefined,
  goToStaffSelection: () => undefined,
  goToPasswordChange: () => undefined,
  showError: (message) => console.error(message),
};

export function installShellHandlers(next: ShellHandlers) {
  handlers = next;
}

export interface CallOptions {
  /**
   * The caller shows the failure itself (sign-in form, staff check/switch dialog): no modal, no
   * navigation. The error is still thrown.
   */
  quiet?: boolean;
}

const unknownError = () => i18n.t('errors.unknown');
const requestFailed = () => i18n.t('errors.requestFailed');

/** Splits the merged input into path, query and body as the contract declares them. */
export function buildRequest(def: EndpointRef, input: Record<string, unknown> = {}) {
  const rest: Record<string, unknown> = { ...input };
  const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  const params = new URLSearchParams();
  const toQuery = def.method === 'GET' ? Object.keys(rest) : def.queryKeys;
  for (const key of toQuery) {
    const value = rest[key];
    delete rest[key];
    // array values go as repeated keys (spec 002: "Array query values are sent as repeated keys")
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const url = params.size > 0 ? `${path}?${params}` : path;
  const hasBody = def.method !== 'GET' && def.bodyKind !== 'none';
  return { url, body: hasBody ? JSON.stringify(rest) : undefined };
}

/** Applies the error catalogue; returns the error to throw. */
function handleFailure(status: number, code: number | null, serverMessage: string | undefined, opts: CallOptions): ApiError {
  const kind = code === null ? 'http' : 'envelope';
  const message = serverMessage?.trim() || (status >= 500 ? unknownError() : requestFailed());
  const error = new ApiError(kind, status, code, message);
  if (opts.quiet) return error;
  if (code === 50002) {
    handlers.sessionExpired();
  } else if (status === 411) {
    handlers.goToLogin();
  } else if (status === 412 && code === PASSWORD_CHANGE_REQUIRED) {
    handlers.goToPasswordChange();
  } else if (status === 412) {
    handlers.goToStaffSelection();
  } else if (status === 401) {
    handlers.reprobe();
  } else if (status === 403) {
    // a refused permission keeps the session: re-probe, and say what was refused
    handlers.reprobe();
    handlers.showError(message);
  } else {
    // 400, 404, 429, 5xx, envelope codes 40000..69999 and -10000: the modal with the server message
    handlers.showError(message);
  }
  return error;
}

/**
 * One fetch with the session's credentials and jwtToken header: the base of `request` and of calls
 * whose answer is not an envelope (a CSV download). A JSON string body is sent as JSON; FormData as is.
 */
export function send(method: string, url: string, body?: string | FormData): Promise<Response> {
  const headers: Record<string, string> = { jwtToken: readCookie('jwtToken') ?? '' };
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  return fetch(url, { method, headers, body, credentials: 'include' });
}

/** Shows a message in the shell's error modal (one at a time), for failures a caller reports itself. */
export const showError = (message: string) => handlers.showError(message);

/** Sends one raw request through the shell's error handling; used by `api`, `upload` and the diagnostics hook. */
export async function request<T>(method: string, url: string, body?: string | FormData, opts: CallOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await send(method, url, body);
  } catch {
    // the network failed ('Failed to fetch'): shown, never reported (spec 002)
    const error = new ApiError('network', 0, null, requestFailed());
    errorReporter.reportApiFailure(error, { method, url, status: 0, unreadable: false });
    if (!opts.quiet) handlers.showError(error.message);
    throw error;
  }
  const envelope = (await res.json().catch(() => null)) as { code?: unknown; data?: unknown; msg?: unknown; message?: unknown } | null;
  const code = envelope && typeof envelope.code === 'number' ? envelope.code : null;
  const msg = typeof envelope?.msg === 'string' ? envelope.msg : typeof envelope?.message === 'string' ? envelope.message : undefined;
  // server failures (5xx) and unreadable answers go to the log collector, a user's 4xx do not (docs/error-reporting.md)
  const failed = (error: ApiError, unreadable: boolean) => {
    errorReporter.reportApiFailure(error, { method, url, status: res.status, unreadable });
    return error;
  };
  if (!res.ok || (code !== null && code !== 0)) throw failed(handleFailure(res.status, code, msg, opts), false);
  if (code === null) throw failed(handleFailure(500, null, undefined, opts), true);
  return envelope!.data as T;
}

/** Calls one endpoint (its ref from `@energy/contracts/refs`) and returns its data, typed by the contract. */
export function api<R extends EndpointRef>(ref: R, input?: RefInput<R>, opts: CallOptions = {}): Promise<RefOutput<R>> {
  const { url, body } = buildRequest(ref, input as Record<string, unknown> | undefined);
  return request(ref.method, url, body, opts);
}

/**
 * Uploads one file (multipart field `file`) to an upload call, with the call's path parameters and query
 * from `input` (an import into one station: `?pvId=`); the caller reports a failure by file name.
 */
export function upload<R extends EndpointRef>(ref: R, file: File, input: Record<string, unknown> = {}): Promise<RefOutput<R>> {
  const form = new FormData();
  form.append('file', file);
  return request(ref.method, buildRequest({ ...ref, method: 'GET' }, input).url, form, { quiet: true });
}
