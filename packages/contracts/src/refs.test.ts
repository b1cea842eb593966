import fs from 'node:fs';
import { expect, it } from 'vitest';
import { REFS_FILE, renderRefsFile } from '../scripts/generate-refs.js';

it('refs.generated.ts matches the contracts (run `npm run generate -w packages/contracts`)', async () => {
  expect(fs.readFileSync(REFS_FILE, 'utf8')).toBe(await renderRefsFile());
});
