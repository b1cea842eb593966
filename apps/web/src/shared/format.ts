import dayjs from 'dayjs';

/** A stored instant as lists show it, in the browser's time: '2026-11-21 09:30'. */
export const formatDateTime = (value: string | number | Date) => dayjs(value).format('YYYY-MM-DD HH:mm');
