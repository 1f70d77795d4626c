import { describe, expect, it } from 'vitest'
import { COPY_FROM_STDIN_REFUSAL_SQL, guardCopyFromStdin, isCopyFromStdin } from './copy-guard'
import { bind, frame, parse, query } from './test-helpers/frontend'

describe('isCopyFromStdin', () => {
  it.each([
    { sql: 'COPY events FROM STDIN', expected: true },
    { sql: 'copy events (name, "date") from stdin with (format csv, header true)', expected: true },
    { sql: 'COPY "public"."events" FROM\n  STDIN', expected: true },
    { sql: 'CREATE TABLE t (a int); COPY t FROM STDIN;', expected: true },
    { sql: '/* load */ COPY t FROM STDIN BINARY', expected: true },
    { sql: 'COPY t TO STDOUT', expected: false },
    { sql: 'COPY (SELECT 1) TO STDOUT', expected: false },
    { sql: "COPY t FROM '/tmp/events.csv'", expected: false },
    { sql: "SELECT 'copy t from stdin'", expected: false },
    { sql: "SELECT E'it\\'s; copy t from stdin'", expected: false },
    { sql: '-- copy t from stdin\nSELECT 1', expected: false },
    { sql: 'SELECT $$ COPY t FROM STDIN $$', expected: false },
    { sql: 'SELECT "copy t from stdin" FROM x', expected: false },
    { sql: 'COPY t TO STDOUT; SELECT 1 FROM stdin_table', expected: false },
    { sql: 'INSERT INTO copy_log SELECT * FROM stdin_rows', expected: false },
  ])('$sql → $expected', ({ sql, expected }) => {
    expect(isCopyFromStdin(sql)).toBe(expected)
  })
})

describe('guardCopyFromStdin', () => {
  it('replaces a COPY FROM STDIN query by the refusal', () => {
    expect(guardCopyFromStdin(frame(query('COPY t FROM STDIN'))).bytes.equals(query(COPY_FROM_STDIN_REFUSAL_SQL))).toBe(
      true,
    )
  })
  it('replaces a COPY FROM STDIN Parse, keeping its statement name', () => {
    expect(
      guardCopyFromStdin(frame(parse('_c1_s1', 'COPY t FROM STDIN'))).bytes.equals(
        parse('_c1_s1', COPY_FROM_STDIN_REFUSAL_SQL),
      ),
    ).toBe(true)
  })
  it.each([
    { case: 'other query', message: query('SELECT 1') },
    { case: 'other Parse', message: parse('s1', 'INSERT INTO t VALUES ($1)') },
    { case: 'Bind', message: bind('', 's1') },
  ])('leaves $case alone', ({ message }) => {
    const framed = frame(message)
    expect(guardCopyFromStdin(framed)).toBe(framed)
  })
})
