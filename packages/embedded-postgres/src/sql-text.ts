/**
 * Just enough SQL lexing to classify statements: which parts are code, and which statements
 * need a transaction of their own.
 */

/**
 * Replaces comments, string literals ('...', E'...'), quoted identifiers and dollar-quoted bodies
 * by spaces, scanning left to right so that a quote inside a comment (or the reverse) is harmless.
 * @example stripLiteralsAndComments("SELECT 'a;b' -- c") // 'SELECT   '
 */
export function stripLiteralsAndComments(sql: string): string {
  let code = ''
  let i = 0
  while (i < sql.length) {
    const end = literalEnd(sql, i)
    if (end === i) code += sql[i++]
    else {
      code += ' '
      i = end
    }
  }
  return code
}

/** Index just past the comment or literal starting at `i`, or `i` when none starts there. */
function literalEnd(sql: string, i: number): number {
  const rest = sql.slice(i, i + 2)
  if (rest === '--') return indexAfter(sql, '\n', i + 2)
  if (rest === '/*') return indexAfter(sql, '*/', i + 2)
  if (sql[i] === '"') return quotedEnd(sql, i + 1, '"', false)
  if (sql[i] === "'") return quotedEnd(sql, i + 1, "'", /[eE]/.test(sql[i - 1] ?? '') && !/\w/.test(sql[i - 2] ?? ''))
  const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 64))
  if (tag !== null && !/\w/.test(sql[i - 1] ?? '')) return indexAfter(sql, tag[0], i + tag[0].length)
  return i
}

function indexAfter(sql: string, terminator: string, from: number): number {
  const found = sql.indexOf(terminator, from)
  return found === -1 ? sql.length : found + terminator.length
}

/** End of a quoted literal; a doubled quote continues it, and so does a backslash in E'...'. */
function quotedEnd(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  for (let i = from; i < sql.length; i++) {
    if (backslashEscapes && sql[i] === '\\') i++
    else if (sql[i] === quote) {
      if (sql[i + 1] !== quote) return i + 1
      i++
    }
  }
  return sql.length
}

/**
 * Statements that control transactions, or that must not run inside someone else's transaction
 * block (they fail there, or would change what that transaction commits).
 */
const OWN_TRANSACTION_STATEMENT =
  /^(begin|start\s+transaction|commit|end|rollback|abort|savepoint|release|prepare\s+transaction|set\s+transaction|set\s+session\s+characteristics|call|vacuum|cluster|reindex|lock|listen|unlisten|discard|deallocate|checkpoint|alter\s+system|(create|drop|alter)\s+(database|tablespace|subscription))\b/i

/**
 * Tells whether SQL text (one or more statements) is safe to run inside another connection's open
 * transaction: no transaction control, nothing that refuses to run in a transaction block.
 * @example canShareTransaction('SELECT * FROM payload_locked_documents WHERE id = $1') // true
 * @example canShareTransaction('begin') // false
 * @example canShareTransaction('CREATE INDEX CONCURRENTLY i ON t (a)') // false
 */
export function canShareTransaction(sql: string): boolean {
  const code = stripLiteralsAndComments(sql)
  if (/\bconcurrently\b/i.test(code)) return false
  return code.split(';').every((statement) => !OWN_TRANSACTION_STATEMENT.test(statement.trim()))
}
