/** Modal widths of spec 000 section 9: info, success and error 380; confirm 480; page dialogs small to big. */
export const MODAL_WIDTH = { info: 380, confirm: 480, small: 480, normal: 640, large: 800, big: 1024 } as const;
