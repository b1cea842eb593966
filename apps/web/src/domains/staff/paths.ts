/** The staff page's route (the menu's path). */
export const STAFF_LIST_PATH = '/settings/org/staff';
