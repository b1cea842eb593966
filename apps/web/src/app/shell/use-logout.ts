import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { readCookie } from '../../shared/cookies';
import { useAuth } from '../auth/auth-state';

/** Logout: GET /server/logout first, then the login page (spec 000 section 2). */
export function useLogout() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await fetch('/server/logout', { credentials: 'include', headers: { jwtToken: readCookie('jwtToken') ?? '' } }).catch(() => undefined);
    auth.set(false);
    queryClient.clear();
    void navigate('/login', { replace: true });
  };
}
