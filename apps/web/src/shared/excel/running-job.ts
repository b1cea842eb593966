/**
 * The running import of a list, kept in sessionStorage (`energy.import.<list>` = the job id) so that its
 * progress shows again when the page opens again in the same tab. A disabled storage keeps nothing.
 */
const storageKey = (list: string) => `energy.import.${list}`;

export function readRunningJob(list: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(list));
  } catch {
    return null;
  }
}

export function rememberRunningJob(list: string, id: string) {
  try {
    sessionStorage.setItem(storageKey(list), id);
  } catch {
    // a disabled or full storage: the progress just does not come back after leaving
  }
}

export function forgetRunningJob(list: string) {
  try {
    sessionStorage.removeItem(storageKey(list));
  } catch {
    // nothing kept
  }
}
