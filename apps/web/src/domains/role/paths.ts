/** The role pages' routes: the menu's list path, and the editor and view under it. */
export const ROLE_LIST_PATH = '/settings/org/role';
export const ROLE_CREATE_PATH = `${ROLE_LIST_PATH}/create`;
export const roleEditPath = (id: number | string) => `${ROLE_LIST_PATH}/edit/${id}` as const;
export const roleDetailPath = (id: number | string) => `${ROLE_LIST_PATH}/detail/${id}` as const;
