import { describe, expect, it } from 'vitest'

import {
  attachmentDisposition,
  INERT_UPLOAD_POLICY,
  inertUploadHeaders,
  isSafeRaster,
  safeFileName,
  uploadFileRequest,
} from './inert-uploads'

describe('uploadFileRequest', () => {
  it('finds the file of every path Payload serves uploads on, image sizes included', () => {
    expect(uploadFileRequest('/api/media/file/x.svg')).toEqual({ collection: 'media', filename: 'x.svg' })
    expect(uploadFileRequest('/api/media/file/map%20key-300x200.png')).toEqual({
      collection: 'media',
      filename: 'map key-300x200.png',
    })
    expect(uploadFileRequest('/api/import-files/file/events.csv')).toEqual({
      collection: 'import-files',
      filename: 'events.csv',
    })
    expect(uploadFileRequest('/api/media/paste-url')).toEqual({ collection: 'media', filename: '' })
    // A broken escape is kept as it came.
    expect(uploadFileRequest('/api/media/file/%E0%A4%A.svg')?.filename).toBe('%E0%A4%A.svg')
  })

  it('leaves every other path alone', () => {
    for (const path of [
      '/api/media',
      '/api/media/5',
      '/api/events/file/x.svg',
      '/media/file/x.svg',
      '/api/mediafile/x',
    ])
      expect(uploadFileRequest(path), path).toBeUndefined()
  })
})

describe('isSafeRaster', () => {
  it('lets only png, jpeg, gif, webp and avif served as themselves show inline', () => {
    expect(isSafeRaster('a.png', 'image/png')).toBe(true)
    expect(isSafeRaster('a.JPG', 'image/jpeg')).toBe(true)
    expect(isSafeRaster('a.jpeg', undefined)).toBe(true)
    expect(isSafeRaster('a.gif', 'image/gif')).toBe(true)
    expect(isSafeRaster('a.webp', 'image/webp; charset=binary')).toBe(true)
    expect(isSafeRaster('a.avif', 'image/avif')).toBe(true)
  })

  it('downloads SVG, PDF, text, HTML and images whose type does not match their name', () => {
    expect(isSafeRaster('a.svg', 'image/svg+xml')).toBe(false)
    expect(isSafeRaster('a.pdf', 'application/pdf')).toBe(false)
    expect(isSafeRaster('a.csv', 'text/csv')).toBe(false)
    expect(isSafeRaster('a.png', 'text/html')).toBe(false)
    expect(isSafeRaster('a.png', 'image/svg+xml')).toBe(false)
    expect(isSafeRaster('png', 'image/png')).toBe(false)
    expect(isSafeRaster('a.bmp', 'image/bmp')).toBe(false)
  })
})

describe('safeFileName and attachmentDisposition', () => {
  it('keeps letters of any script and removes what could break the header or a path', () => {
    expect(safeFileName('../a"b;c\r\n.svg')).toBe('a_b_c__.svg')
    expect(safeFileName('Straßenkarte ü.svg')).toBe('Straßenkarte ü.svg')
    expect(safeFileName('...')).toBe('download')
    expect(safeFileName('')).toBe('download')
    expect(safeFileName(`${'a'.repeat(300)}.svg`)).toHaveLength(150)
  })

  it('names the file in ASCII and, exactly, in UTF-8', () => {
    expect(attachmentDisposition('Karte ü.svg')).toBe(
      `attachment; filename="Karte _.svg"; filename*=UTF-8''Karte%20%C3%BC.svg`,
    )
    expect(attachmentDisposition('x".svg\r\nSet-Cookie: a=b')).toBe(
      `attachment; filename="x_.svg__Set-Cookie_ a_b"; filename*=UTF-8''x_.svg__Set-Cookie_%20a_b`,
    )
  })
})

describe('inertUploadHeaders', () => {
  it('serves an SVG inert and as a download', () => {
    expect(inertUploadHeaders('x.svg', 'image/svg+xml', 200)).toEqual({
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': `attachment; filename="x.svg"; filename*=UTF-8''x.svg`,
    })
  })

  it('shows a photo inline, still under the inert policy', () => {
    expect(inertUploadHeaders('photo.jpg', 'image/jpeg', 206)).toEqual({
      'Content-Security-Policy': INERT_UPLOAD_POLICY,
      'X-Content-Type-Options': 'nosniff',
    })
  })

  it('does not make an error answer a download', () => {
    expect(inertUploadHeaders('x.svg', 'application/json', 404)['Content-Disposition']).toBeUndefined()
  })
})
