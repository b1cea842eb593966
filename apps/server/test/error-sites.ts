import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The error texts written at the server's throw sites (docs/i18n.md, "Error messages"): the problem of
 * `invalid(field, problem)`, the message of `conflict(message)`, `refused(why)` (PV) and `new AppError(code, message)`, the
 * noun of `notFound(what)`. A plain string is a `literal`; a template literal is a `template` whose
 * `${...}` parts read `${}`. Texts computed some other way (a variable, a call) are not listed.
 */
export interface ErrorSite {
  kind: 'invalid' | 'conflict' | 'notFound' | 'refused' | 'AppError';
  text: string;
  template: boolean;
  where: string;
}

const ARGUMENT: Record<ErrorSite['kind'], number> = { invalid: 1, conflict: 0, notFound: 0, refused: 0, AppError: 1 };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

/** A string literal's text, or a template literal with each `${...}` as `${}`; null for anything else. */
function textOf(node: ts.Expression): { text: string; template: boolean } | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return { text: node.text, template: false };
  if (ts.isTemplateExpression(node)) {
    return { text: node.head.text + node.templateSpans.map((s) => '${}' + s.literal.text).join(''), template: true };
  }
  return null;
}

export function errorSites(root: string): ErrorSite[] {
  const sites: ErrorSite[] = [];
  for (const file of filesUnder(root)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      let kind: ErrorSite['kind'] | null = null;
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in ARGUMENT) {
        kind = node.expression.text as ErrorSite['kind'];
      } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'AppError') {
        kind = 'AppError';
      }
      const arg = kind && (node as ts.CallExpression).arguments?.[ARGUMENT[kind]];
      const found = arg && textOf(arg);
      if (kind && found) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        sites.push({ kind, ...found, where: `${relative(root, file)}:${line}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}

const CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'gte',
  'lte',
  'gt',
  'lt',
  'int',
  'positive',
  'nonnegative',
  'multipleOf',
  'email',
  'url',
]);

/**
 * The problems the contracts' zod schemas write themselves (packages/contracts/src): the message of a
 * check (`.min(1, 'is required')`, `.refine(ok, 'must …')`) and each `message:` or `error:` of an issue
 * or a check's options. zod's own messages are not here: errorText knows the English locale's patterns.
 */
export function zodMessageSites(root: string): ErrorSite[] {
  const sites: ErrorSite[] = [];
  for (const file of filesUnder(root)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (node: ts.Expression) => {
      const found = textOf(node);
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      if (found) sites.push({ kind: 'invalid', ...found, where: `${relative(root, file)}:${line}` });
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && CHECKS.has(node.expression.name.text)) {
        const last = node.arguments[node.arguments.length - 1];
        if (last && node.arguments.length >= (node.expression.name.text === 'int' ? 1 : 2)) add(last);
      }
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ['message', 'error'].includes(node.name.text))
        add(node.initializer);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}
