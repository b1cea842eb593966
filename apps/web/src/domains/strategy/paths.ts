/**
 * The strategy pages' routes (docs/strategies-web.md). The list, template and log paths are the menu's;
 * the editor routes sit under them: create (`?bsaId=` picks the station), edit, view and copy by id.
 */
export const STRATEGY_LIST_PATH = '/bsa/strategy/list';
export const STRATEGY_CREATE_PATH = '/bsa/strategy/create';
export const strategyCreatePath = (bsaId?: number | null) => (bsaId ? `${STRATEGY_CREATE_PATH}?bsaId=${bsaId}` : STRATEGY_CREATE_PATH);
export const strategyEditPath = (id: number | string) => `/bsa/strategy/edit/${id}` as const;
export const strategyViewPath = (id: number | string) => `/bsa/strategy/view/${id}` as const;
export const strategyCopyPath = (id: number | string) => `/bsa/strategy/copy/${id}` as const;

export const TEMPLATE_LIST_PATH = '/bsa/strategy/template';
export const TEMPLATE_CREATE_PATH = `${TEMPLATE_LIST_PATH}/create`;
export const templateEditPath = (id: number | string) => `${TEMPLATE_LIST_PATH}/edit/${id}` as const;
export const templateViewPath = (id: number | string) => `${TEMPLATE_LIST_PATH}/view/${id}` as const;
export const templateCopyPath = (id: number | string) => `${TEMPLATE_LIST_PATH}/copy/${id}` as const;

export const DELIVER_LOG_PATH = '/bsa/strategy/deliver-log';
