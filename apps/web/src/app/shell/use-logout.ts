import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { auth as authCalls } from '@energy/contracts/refs';
import { api } from '../../shared/api/client';
import { useAuth } from '../auth/auth-state';
import { authLoginUrl, embedding } from '../navigation';

/** Logout: POST /server/logout first (a GET only answers a page that posts; docs/security.md), then the login page (spec 000 section 2). */
export function useLogout() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // without the jwtToken header the server only clears the cookies; with it, it also ends the session
    await api(authCalls.logout, undefined, { quiet: true }).catch(() => undefined);
    auth.set(false);
    queryClient.clear();
    // embedded: the auth origin's sign-in, which comes back to this page (spec 000 §2)
    if (embedding.embedded) window.location.assign(authLoginUrl());
    else void navigate('/login', { replace: true });
  };
}
