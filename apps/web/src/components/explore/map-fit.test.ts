import { describe, expect, it } from 'vitest'

import { fitPadding, fittedCamera, MAX_FIT_ZOOM, POINT_FIT_ZOOM, viewBox, type ExtentBox } from './map-fit'

const SIZE = { width: 800, height: 500 }

// Pixels from the view's west and north edges of a place, at a camera.
function pixelOf(lng: number, lat: number, camera: { lng: number; lat: number; zoom: number }) {
  const world = 512 * 2 ** camera.zoom
  const x = (l: number) => ((l + 180) / 360) * world
  const y = (a: number) => ((1 - Math.log(Math.tan(Math.PI / 4 + (a * Math.PI) / 360)) / Math.PI) / 2) * world
  return { x: x(lng) - x(camera.lng) + SIZE.width / 2, y: y(lat) - y(camera.lat) + SIZE.height / 2 }
}

describe('fittedCamera', () => {
  it('fits the box inside the padded view, touching it on the tighter side', () => {
    const extent: ExtentBox = [-10, 35, 30, 60]
    const camera = fittedCamera(extent, SIZE)
    const padding = fitPadding(SIZE)
    const topLeft = pixelOf(-10, 60, camera)
    const bottomRight = pixelOf(30, 35, camera)
    expect(topLeft.x).toBeGreaterThanOrEqual(padding.left - 0.01)
    expect(topLeft.y).toBeGreaterThanOrEqual(padding.top - 0.01)
    expect(bottomRight.x).toBeLessThanOrEqual(SIZE.width - padding.right + 0.01)
    expect(bottomRight.y).toBeLessThanOrEqual(SIZE.height - padding.bottom + 0.01)
    const touchesX =
      Math.abs(topLeft.x - padding.left) < 0.01 && Math.abs(bottomRight.x - (SIZE.width - padding.right)) < 0.01
    const touchesY =
      Math.abs(topLeft.y - padding.top) < 0.01 && Math.abs(bottomRight.y - (SIZE.height - padding.bottom)) < 0.01
    expect(touchesX || touchesY).toBe(true)
  })

  it('goes no closer than a city for a small box, and shows one point at a region’s zoom', () => {
    expect(fittedCamera([2.35, 48.85, 2.3501, 48.8501], SIZE).zoom).toBe(MAX_FIT_ZOOM)
    expect(fittedCamera([2.35, 48.85, 2.35, 48.85], SIZE)).toEqual({ lng: 2.35, lat: 48.85, zoom: POINT_FIT_ZOOM })
  })

  it('fits a box across the antimeridian the short way round', () => {
    const camera = fittedCamera([170, -20, -170, 0], SIZE)
    expect(Math.abs(camera.lng)).toBeGreaterThan(175)
    expect(camera.zoom).toBeGreaterThan(3)
  })

  it('shows the whole world at zoom 0 at most, centred on the equator when the world is shorter than the view', () => {
    const camera = fittedCamera([-180, -85, 180, 85], { width: 1280, height: 800 })
    expect(camera.zoom).toBeGreaterThanOrEqual(0)
    expect(camera.zoom).toBeLessThan(1.5)
  })
})

describe('viewBox', () => {
  it('is the box around the camera’s centre, the size of the view', () => {
    const box = viewBox({ lng: 0, lat: 0, zoom: 2 }, { width: 1024, height: 1024 })
    // At zoom 2 the world is 2,048 px wide: half of it is shown.
    expect(box.west).toBeCloseTo(-90, 6)
    expect(box.east).toBeCloseTo(90, 6)
    expect(box.north).toBeCloseTo(66.513, 2)
    expect(box.south).toBeCloseTo(-66.513, 2)
  })

  it('holds the fitted extent', () => {
    const camera = fittedCamera([-10, 35, 30, 60], SIZE)
    const box = viewBox(camera, SIZE)
    expect(box.west).toBeLessThan(-10)
    expect(box.east).toBeGreaterThan(30)
    expect(box.south).toBeLessThan(35)
    expect(box.north).toBeGreaterThan(60)
  })

  it('passes ±180° where the view shows the antimeridian', () => {
    const box = viewBox({ lng: 179, lat: 0, zoom: 3 }, SIZE)
    expect(box.east).toBeGreaterThan(180)
  })
})
