import { describe, expect, it } from 'vitest'

import { sniffDelimiter } from './sniff-delimiter'

describe('sniffDelimiter', () => {
  it.each([
    { name: 'commas', sample: 'a,b,c\n1,2,3\n', expected: ',' },
    { name: 'semicolons with decimal commas', sample: 'a;b;c\n1,5;2,5;3\n4;5;6\n', expected: ';' },
    { name: 'tabs', sample: 'a\tb\n1\t2\n', expected: '\t' },
    { name: 'pipes', sample: 'a|b|c\n1|2|3\n', expected: '|' },
    { name: 'commas inside quotes ignored', sample: 'name;city\n"Doe, J";"Paris, FR"\n"Roe, K";Lyon\n', expected: ';' },
    { name: 'quoted newlines', sample: 'a,b\n"x\ny;z",1\n2,3\n', expected: ',' },
    { name: 'single column', sample: 'city\nErie\nParis\n', expected: ',' },
    { name: 'consistency beats frequency', sample: 'a,b;c;d\n1,2;3\n4,5;6;7;8;9\n', expected: ',' },
  ])('picks $name', ({ sample, expected }) => {
    expect(sniffDelimiter(sample)).toBe(expected)
  })
})
