import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import * as contracts from '../src/index.js';
import { generateRefsSource } from '../src/refs.js';

export const REFS_FILE = path.resolve(import.meta.dirname, '../src/refs.generated.ts');

/** refs.generated.ts as it should read: generated from the contracts, formatted like the rest of the code. */
export async function renderRefsFile(): Promise<string> {
  const options = (await resolveConfig(REFS_FILE)) ?? {};
  return format(generateRefsSource(contracts), { ...options, filepath: REFS_FILE });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) fs.writeFileSync(REFS_FILE, await renderRefsFile());
