import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A temp directory for one test file's generated inputs. */
export interface TempFiles {
  /** Writes `content` to `name` in the directory and returns its path. */
  write(name: string, content: string | Uint8Array): string
  /** Deletes the directory. */
  remove(): void
}

/**
 * Creates a temp directory for generated test files.
 * @example const files = createTempFiles(); files.write('a.csv', 'a,b\n1,2') // '/tmp/chronotope-file-readers-XXXX/a.csv'
 */
export function createTempFiles(): TempFiles {
  const dir = mkdtempSync(join(tmpdir(), 'chronotope-file-readers-'))
  return {
    write(name, content) {
      const path = join(dir, name)
      writeFileSync(path, content)
      return path
    },
    remove() {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
