// Zod-free, so the web can import it on its own (`@energy/contracts/file-limits`).

/** Upload limits: one place for the server and the docs. */
export const FILE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** Accepted extensions by file-type group (spec 000: images, Word, Excel, PDF, others). */
  groups: {
    images: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
    word: ['doc', 'docx'],
    excel: ['xls', 'xlsx', 'csv'],
    pdf: ['pdf'],
    others: ['txt', 'zip'],
  },
} as const;
