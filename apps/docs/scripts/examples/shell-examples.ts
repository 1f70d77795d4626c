/**
 * The `curl` examples of a documentation page, as a reader would copy them: every shell code
 * block (`bash`, `sh`, `shell`) that calls `curl`, each with the answer printed after it, and
 * every inline `curl …` command. A printed answer is the code block right after the command's,
 * titled "Answer" (```` ```json title="Answer" ````). Pure: Markdown in, examples out.
 * @module
 */

/** The answer a page prints for an example. */
export interface PrintedAnswer {
  /** The code block's language, e.g. `json` or `csv`. */
  readonly language: string
  readonly text: string
  /** Its first line in the page, from 1. */
  readonly line: number
}

/** One example: the commands a reader runs, and the answer the page says they print. */
export interface ShellExample {
  readonly commands: string
  /** The first line of the commands in the page, from 1. */
  readonly line: number
  readonly answer?: PrintedAnswer
}

interface CodeBlock {
  readonly language: string
  readonly meta: string
  readonly text: string
  readonly line: number
  /** Where the block's closing fence is, so the next block can be told to follow it at once. */
  readonly endLine: number
}

const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell'])
const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/

// The fenced code blocks of a page, their contents unindented.
function codeBlocks(lines: readonly string[]): { blocks: CodeBlock[]; prose: Array<[number, string]> } {
  const blocks: CodeBlock[] = []
  const prose: Array<[number, string]> = []
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]!)
    if (!open) {
      prose.push([index + 1, lines[index]!])
      continue
    }
    const [, indent = '', fence = '', language = '', meta = ''] = open
    const body: string[] = []
    let end = index + 1
    while (end < lines.length && !lines[end]!.trim().startsWith(fence)) {
      body.push(lines[end]!.startsWith(indent) ? lines[end]!.slice(indent.length) : lines[end]!.trimStart())
      end++
    }
    blocks.push({ language, meta, text: body.join('\n'), line: index + 2, endLine: end + 1 })
    index = end
  }
  return { blocks, prose }
}

const callsCurl = (text: string) => /(^|[\s;|&($])curl\s/m.test(text)

/**
 * The page's `curl` examples, in page order.
 * @example shellExamples('```bash\ncurl -s http://localhost:3000/api/health\n```\n').length // 1
 */
export function shellExamples(markdown: string): ShellExample[] {
  const lines = markdown.split('\n')
  const { blocks, prose } = codeBlocks(lines)
  const examples: ShellExample[] = []
  blocks.forEach((block, index) => {
    if (!SHELL_LANGUAGES.has(block.language) || !callsCurl(block.text)) return
    const next = blocks[index + 1]
    const between = next ? lines.slice(block.endLine, next.line - 2) : []
    const follows = next && between.every((line) => line.trim() === '')
    const answer =
      follows && /title="Answer\b/.test(next.meta)
        ? { language: next.language, text: next.text, line: next.line }
        : undefined
    examples.push({ commands: block.text, line: block.line, ...(answer ? { answer } : {}) })
  })
  for (const [line, text] of prose) {
    for (const match of text.matchAll(/`(curl\s[^`]+)`/g)) examples.push({ commands: match[1]!, line })
  }
  return examples.sort((a, b) => a.line - b.line)
}
