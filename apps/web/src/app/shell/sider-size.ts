/** Spec 000 section 9: idle auto-close 2000 ms, width 208, collapsed width 0, side menu width 254. */
export const SIDER_IDLE_MS = 2000;
export const SIDER_WIDTH = 208;
export const SIDER_COLLAPSED_WIDTH = 0;
/** The always-open side menu (preference OPEN) gets the wider 254 px. */
export const SIDE_MENU_WIDTH = 254;
/** The AUTO sider's handle beside it. */
export const SIDER_HANDLE_WIDTH = 14;
