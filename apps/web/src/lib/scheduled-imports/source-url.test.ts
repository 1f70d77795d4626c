import { describe, expect, it } from 'vitest'

import { describeSourceUrl } from './source-url'

describe('describeSourceUrl', () => {
  it('leaves data links alone: a published sheet CSV, a sheet export, raw GitHub and gist files', () => {
    for (const [address, kind] of [
      ['https://docs.google.com/spreadsheets/d/e/2PACX-1vQx_Ab-12/pub?output=csv', 'google-sheet-csv'],
      [
        'https://docs.google.com/spreadsheets/d/e/2PACX-1vQx_Ab-12/pub?gid=7&single=true&output=csv',
        'google-sheet-csv',
      ],
      [
        'https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/export?format=csv&gid=0',
        'google-sheet-csv',
      ],
      ['https://raw.githubusercontent.com/owid/co2-data/master/owid-co2-data.csv', 'github-raw'],
      ['https://gist.githubusercontent.com/someone/0123abcd/raw/data.csv', 'gist-raw'],
      ['https://example.org/data.csv?token=abc', 'other'],
      ['not a url', 'other'],
      ['ftp://example.org/data.csv', 'other'],
    ] as const) {
      expect(describeSourceUrl(address), address).toEqual({ kind, suggestedUrl: null, hint: null })
    }
  })

  it('turns a published sheet web page into its CSV export, keeping the tab', () => {
    expect(describeSourceUrl('https://docs.google.com/spreadsheets/d/e/2PACX-1vQx_Ab-12/pubhtml').suggestedUrl).toBe(
      'https://docs.google.com/spreadsheets/d/e/2PACX-1vQx_Ab-12/pub?output=csv',
    )
    expect(
      describeSourceUrl('https://docs.google.com/spreadsheets/d/e/2PACX-1vQx_Ab-12/pubhtml?gid=123&single=true'),
    ).toEqual({
      kind: 'google-sheet-page',
      suggestedUrl: 'https://docs.google.com/spreadsheets/d/e/2PACX-1vQx_Ab-12/pub?gid=123&single=true&output=csv',
      hint: "This is the published sheet's web page; its CSV export is https://docs.google.com/spreadsheets/d/e/2PACX-1vQx_Ab-12/pub?gid=123&single=true&output=csv",
    })
    expect(describeSourceUrl('https://docs.google.com/spreadsheets/d/e/2PACX-1vQx_Ab-12/pub?output=html').kind).toBe(
      'google-sheet-page',
    )
  })

  it("turns a sheet's editor link into its CSV export, with the tab of the fragment", () => {
    const editor = describeSourceUrl(
      'https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit#gid=2024',
    )
    expect(editor.kind).toBe('google-sheet-page')
    expect(editor.suggestedUrl).toBe(
      'https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/export?format=csv&gid=2024',
    )
    expect(editor.hint).toContain('Publish to web')
    expect(describeSourceUrl('https://docs.google.com/spreadsheets/d/1Bxi/edit?usp=sharing').suggestedUrl).toBe(
      'https://docs.google.com/spreadsheets/d/1Bxi/export?format=csv&gid=0',
    )
  })

  it('turns a GitHub file page into its raw address, and a gist page into its raw file', () => {
    expect(describeSourceUrl('https://github.com/owid/co2-data/blob/master/owid-co2-data.csv')).toEqual({
      kind: 'github-page',
      suggestedUrl: 'https://raw.githubusercontent.com/owid/co2-data/master/owid-co2-data.csv',
      hint: "This is GitHub's page for the file; its raw content is https://raw.githubusercontent.com/owid/co2-data/master/owid-co2-data.csv",
    })
    expect(describeSourceUrl('https://github.com/a-b/c.d/blob/3f2e1a/data/2026/events.csv?plain=1').suggestedUrl).toBe(
      'https://raw.githubusercontent.com/a-b/c.d/3f2e1a/data/2026/events.csv',
    )
    expect(describeSourceUrl('https://github.com/owid/co2-data').kind).toBe('other')
    expect(describeSourceUrl('https://gist.github.com/someone/0123abcd').suggestedUrl).toBe(
      'https://gist.githubusercontent.com/someone/0123abcd/raw',
    )
  })
})
