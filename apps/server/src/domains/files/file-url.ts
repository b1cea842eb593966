/** The URL the web uses for a file-center key (works as <img src>: cookie only). */
export const fileUrl = (key: string | null | undefined) => (key ? `/api/v2/file-center/get?key=${encodeURIComponent(key)}` : null);
