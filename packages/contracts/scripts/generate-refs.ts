import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import * as contracts from '../src/index.js';
import { generateRefsSource } from '../src/refs.js';

/** Writes src/refs.generated.ts, formatted like the rest of the code. */
const target = path.resolve(import.meta.dirname, '../src/refs.generated.ts');
fs.writeFileSync(target, generateRefsSource(contracts));
execFileSync('npx', ['prettier', '--write', target], { stdio: 'inherit' });
