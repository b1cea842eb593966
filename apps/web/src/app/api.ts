/** Every server answer is an envelope; code 0 is success. */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

export interface CurrentUser {
  customerUser: { name: string };
  staff: { platformName: string; staffCode: string; iconUrl: string | null };
  tenant: { name: string };
}

export interface Answer<T> {
  status: number;
  ok: boolean;
  body: Envelope<T> | null;
}

/** Calls the server and reads the envelope; a non-JSON answer gives body null. */
export async function call<T>(url: string, init: RequestInit = {}): Promise<Answer<T>> {
  const res = await fetch(url, { credentials: 'include', ...init });
  const body = (await res.json().catch(() => null)) as Envelope<T> | null;
  return { status: res.status, ok: res.ok && (body === null || body.code === 0), body };
}

export function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}) {
  return call<T>(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

export function readCookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(name.length + 1));
}

export function messageOf(answer: Answer<unknown>): string {
  return answer.body?.msg || `The server answered ${answer.status}`;
}
