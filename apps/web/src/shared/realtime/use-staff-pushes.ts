import { useEffect, useRef } from 'react';
import { readCookie } from '../cookies';
import type { StaffPushConnection, StaffPushHandlers } from './stomp-client';

/**
 * Receives the pushes of the signed-in staff while mounted: one STOMP client per staff id (a new id
 * reconnects with the new jwtToken cookie as `GT`), stopped on unmount (sign-out leaves the shell).
 * The STOMP library is loaded here, after sign-in, not with the first page.
 */
export function useStaffPushes(staffId: number | undefined, handlers: StaffPushHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (staffId === undefined) return;
    let cancelled = false;
    let connection: StaffPushConnection | undefined;
    import('./stomp-client').then(
      ({ startStaffPushes }) => {
        if (cancelled) return;
        connection = startStaffPushes({
          staffId,
          token: () => readCookie('jwtToken'),
          onDeviceAlarm: (body) => latest.current.onDeviceAlarm(body),
          onServerAlarm: (body) => latest.current.onServerAlarm(body),
          onConnect: () => latest.current.onConnect(),
        });
      },
      () => console.warn('Alarm pushes are unavailable: the realtime module did not load'),
    );
    return () => {
      cancelled = true;
      void connection?.stop();
    };
  }, [staffId]);
}
