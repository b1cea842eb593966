import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { expect, it } from 'vitest';
import * as contracts from './index.js';
import { generateRefsSource } from './refs.js';

it('refs.generated.ts matches the contracts (run `npm run generate -w packages/contracts`)', async () => {
  const file = path.resolve(import.meta.dirname, 'refs.generated.ts');
  const options = (await resolveConfig(file)) ?? {};
  const expected = await format(generateRefsSource(contracts), { ...options, filepath: file });
  expect(fs.readFileSync(file, 'utf8')).toBe(expected);
});
