import type { EndpointRef, RefInput } from '@energy/contracts/refs-types';
import { buildRequest, send, showError } from './client';
import { i18n } from '../i18n';

/**
 * Calls an export endpoint (a raw answer, not an envelope) and saves its body as `fileName`. A refusal
 * answers with an envelope: its message goes to the shell's error modal, and false is returned.
 */
export async function downloadFile<R extends EndpointRef>(ref: R, input: RefInput<R>, fileName: string): Promise<boolean> {
  const { url, body } = buildRequest(ref, input as Record<string, unknown>);
  let res: Response;
  try {
    res = await send(ref.method, url, body);
  } catch {
    showError(i18n.t('errors.requestFailed'));
    return false;
  }
  if (!res.ok) {
    const envelope = (await res.json().catch(() => null)) as { msg?: unknown } | null;
    showError(typeof envelope?.msg === 'string' && envelope.msg.trim() ? envelope.msg : i18n.t('errors.requestFailed'));
    return false;
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(href);
  return true;
}
