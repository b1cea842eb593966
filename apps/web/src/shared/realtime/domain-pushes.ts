// Pushes for domain pages (not alarms): the staff's one STOMP client (stomp-client.ts) hands each body to
// the pages listening for its kind; a page reads its data again. Nothing listens while no page is open.

export type DomainPushKind = 'charging';
type Listener = (body: unknown) => void;

const listeners = new Map<DomainPushKind, Set<Listener>>();

/** Listens for pushes of a kind; answers the function that stops listening. */
export function onDomainPush(kind: DomainPushKind, fn: Listener): () => void {
  const set = listeners.get(kind) ?? new Set<Listener>();
  set.add(fn);
  listeners.set(kind, set);
  return () => void set.delete(fn);
}

/** Hands a push to the listeners of its kind. */
export function emitDomainPush(kind: DomainPushKind, body: unknown) {
  for (const fn of listeners.get(kind) ?? []) fn(body);
}
