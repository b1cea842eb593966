/** Text put into an ECharts tooltip's HTML (names come from users: device, property, rule names). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
