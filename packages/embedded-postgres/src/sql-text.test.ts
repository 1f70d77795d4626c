import { describe, expect, it } from 'vitest'
import { canShareTransaction, stripLiteralsAndComments } from './sql-text'

describe('canShareTransaction', () => {
  it.each([
    {
      sql: 'select distinct "payload_locked_documents"."id" from "payload_locked_documents" where "id" = $1',
      expected: true,
    },
    { sql: 'INSERT INTO events (name) VALUES ($1) RETURNING id', expected: true },
    { sql: "UPDATE t SET note = 'begin; commit' WHERE id = 1", expected: true },
    { sql: 'SELECT 1; SELECT 2', expected: true },
    { sql: 'WITH x AS (SELECT 1) SELECT * FROM x', expected: true },
    { sql: 'SET search_path TO public', expected: true },
    { sql: 'begin', expected: false },
    { sql: 'BEGIN ISOLATION LEVEL SERIALIZABLE', expected: false },
    { sql: 'START TRANSACTION', expected: false },
    { sql: 'commit', expected: false },
    { sql: 'END', expected: false },
    { sql: 'ROLLBACK', expected: false },
    { sql: 'SAVEPOINT s1', expected: false },
    { sql: 'RELEASE SAVEPOINT s1', expected: false },
    { sql: 'INSERT INTO t VALUES (1); COMMIT', expected: false },
    { sql: '/* batch */ BEGIN; INSERT INTO t VALUES (1)', expected: false },
    { sql: 'VACUUM ANALYZE events', expected: false },
    { sql: 'CREATE INDEX CONCURRENTLY events_name_idx ON events (name)', expected: false },
    { sql: 'CREATE DATABASE other', expected: false },
    { sql: 'LOCK TABLE events IN EXCLUSIVE MODE', expected: false },
    { sql: 'CALL refresh_all()', expected: false },
    { sql: 'DEALLOCATE ALL', expected: false },
    { sql: 'DISCARD ALL', expected: false },
  ])('$sql → $expected', ({ sql, expected }) => {
    expect(canShareTransaction(sql)).toBe(expected)
  })
})

describe('stripLiteralsAndComments', () => {
  it.each([
    { sql: "SELECT 'a;b'", expected: 'SELECT  ' },
    { sql: 'SELECT 1 -- note\nFROM t', expected: 'SELECT 1  FROM t' },
    { sql: 'SELECT /* x; y */ 1', expected: 'SELECT   1' },
    { sql: 'SELECT "odd;name" FROM t', expected: 'SELECT   FROM t' },
    { sql: "SELECT E'it\\'s'", expected: 'SELECT E ' },
    { sql: "SELECT 'C:\\'", expected: 'SELECT  ' },
    { sql: 'SELECT $tag$ ; $tag$, $1', expected: 'SELECT  , $1' },
    { sql: "SELECT '-- not a comment', 2", expected: 'SELECT  , 2' },
  ])('$sql', ({ sql, expected }) => {
    expect(stripLiteralsAndComments(sql)).toBe(expected)
  })
})
