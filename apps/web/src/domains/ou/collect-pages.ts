/** Every page of a paged call, `pageSize` rows at a time, until the total is reached (at most `maxPages`). */
export async function collectPages<T>(
  fetchPage: (pageOffset: number, pageSize: number) => Promise<{ list: T[]; totalCount: number }>,
  pageSize = 100,
  maxPages = 100,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const { list, totalCount } = await fetchPage(page, pageSize);
    rows.push(...list);
    if (list.length < pageSize || rows.length >= totalCount) break;
  }
  return rows;
}
