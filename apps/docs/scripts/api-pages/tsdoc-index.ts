/**
 * The first paragraph of the TSDoc comment of every exported function and constant in a set of
 * source files, by name: how the generated collection pages explain an access rule or a hook in
 * the words its author wrote next to it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

import ts from 'typescript'

/** Per exported name, its summary and the file (from the repository's root) that declares it. */
export type TsdocIndex = ReadonlyMap<string, { readonly summary: string; readonly file: string }>

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

// The comment's text up to its first blank line or tag, on one line.
function summaryOf(node: ts.Node): string {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc)
  const comment = docs.at(-1)?.comment
  // An inline {@link target text} reads as its text, or its target when it has none.
  const partText = (part: ts.JSDocComment) =>
    ts.isJSDocLink(part) || ts.isJSDocLinkCode(part) || ts.isJSDocLinkPlain(part)
      ? `\`${part.text.trim() || (part.name ? part.name.getText() : '')}\``
      : part.text
  const text = typeof comment === 'string' ? comment : (comment?.map(partText).join('') ?? '')
  return text
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ')
    .trim()
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)

/**
 * Indexes the exported functions and constants under `folders` (absolute paths).
 * @param repositoryRoot - what the recorded file paths are relative to
 */
export function tsdocIndex(folders: readonly string[], repositoryRoot: string): TsdocIndex {
  const index = new Map<string, { summary: string; file: string }>()
  for (const file of folders.flatMap(sourceFiles)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const relative = path.relative(repositoryRoot, file)
    for (const statement of source.statements) {
      if (!isExported(statement)) continue
      if (ts.isFunctionDeclaration(statement) && statement.name) {
        index.set(statement.name.text, { summary: summaryOf(statement), file: relative })
      } else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name))
            index.set(declaration.name.text, { summary: summaryOf(statement), file: relative })
        }
      }
    }
  }
  return index
}

/**
 * Code as one readable line, whatever the compiler made of its spacing.
 * @example formatCode('({req})=>Boolean(req.user)') // '({ req }) => Boolean(req.user)'
 */
export function formatCode(code: string): string {
  const source = ts.createSourceFile('code.ts', `(${code})`, ts.ScriptTarget.Latest, false)
  const printed = ts.createPrinter({ removeComments: true }).printFile(source)
  return printed
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\((.*)\);?$/, '$1')
}
