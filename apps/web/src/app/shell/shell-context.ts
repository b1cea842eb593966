import type { CurrentUser, MenuNode } from '@energy/contracts';
import { useOutletContext } from 'react-router';

/** What the shell layout already has for the page inside it: the current user (when there is a usable staff) and the menu. */
export interface ShellContext {
  current: CurrentUser | undefined;
  menu: MenuNode[] | undefined;
}

export const useShellContext = () => useOutletContext<ShellContext>();
