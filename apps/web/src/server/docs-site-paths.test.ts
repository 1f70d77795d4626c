import { describe, expect, it } from 'vitest'

import { docsCacheControl, docsContentType, docsFileCandidates, isDocsPath } from './docs-site-paths'

describe('the documentation site’s paths', () => {
  it.each([
    ['/docs/', ['index.html']],
    ['/docs/users/guides', ['users/guides', 'users/guides.html', 'users/guides/index.html']],
    ['/docs/users/guides/', ['users/guides', 'users/guides.html', 'users/guides/index.html']],
    [
      '/docs/assets/js/main.3f2a.js',
      ['assets/js/main.3f2a.js', 'assets/js/main.3f2a.js.html', 'assets/js/main.3f2a.js/index.html'],
    ],
    ['/docs/search-index.json', ['search-index.json', 'search-index.json.html', 'search-index.json/index.html']],
    [
      '/docs/developers/api/import/%7BimportId%7D',
      [
        'developers/api/import/{importId}',
        'developers/api/import/{importId}.html',
        'developers/api/import/{importId}/index.html',
      ],
    ],
    // Out of the site's folder, or not the site at all: nothing.
    ['/docs/../package.json', []],
    ['/docs/%2e%2e/%2e%2e/package.json', []],
    ['/docs/a/..%2f..%2fsecret', []],
    ['/docs/%E0%A4%A', []],
    ['/docs/a%5C..%5Csecret', []],
    ['/docsearch', []],
    ['/explore', []],
  ])('%s → %j', (pathname, candidates) => {
    expect(docsFileCandidates(pathname)).toEqual(candidates)
  })

  it('are /docs and what is under it, no other path', () => {
    expect(['/docs', '/docs/', '/docs/x'].every(isDocsPath)).toBe(true)
    expect(['/doc', '/docsearch', '/api/docs', '/'].some(isDocsPath)).toBe(false)
  })

  it('send hashed assets for good and pages to be checked again', () => {
    expect(docsCacheControl('assets/js/main.3f2a.js')).toContain('immutable')
    expect(docsCacheControl('users/guides.html')).toBe('no-cache')
    expect(docsCacheControl('search-index.json')).toBe('no-cache')
    expect(docsContentType('users/guides.html')).toBe('text/html; charset=utf-8')
    expect(docsContentType('img/logo.svg')).toBe('image/svg+xml')
    expect(docsContentType('unknown.bin')).toBe('application/octet-stream')
  })
})
