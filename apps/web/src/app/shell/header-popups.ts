/**
 * What the shell shows only after its first render or when something is opened: the search and
 * switchers' Select, the menus' Dropdown with antd Menu, the sider (antd Menu), the breadcrumb (which
 * brings Dropdown and Menu) and the history-fill notice's Alert. One chunk of its own, so the signed-in
 * first page does not carry them (docs/web-shell.md: what the first page loads); `lazy-antd.tsx` loads it.
 * One chunk, not one per piece: each lazy boundary also splits the entry's shared code into more files.
 */
export { Alert, Breadcrumb, Dropdown, Select } from 'antd';
export { AppSider } from './sider';
