import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The error texts written at the server's throw sites (docs/i18n.md, "Error messages"): the problem of
 * `invalid(field, problem)`, the message of `conflict(message)` and `new AppError(code, message)`, the
 * noun of `notFound(what)`. A plain string is a `literal`; a template literal is a `template` whose
 * `${...}` parts read `${}`. Texts computed some other way (a variable, a call) are not listed.
 */
export interface ErrorSite {
  kind: 'invalid' | 'conflict' | 'notFound' | 'AppError';
  text: string;
  template: boolean;
  where: string;
}

const ARGUMENT: Record<ErrorSite['kind'], number> = { invalid: 1, conflict: 0, notFound: 0, AppError: 1 };

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
