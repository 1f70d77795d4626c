'use client'
/**
 * The timeline's chart: the histogram's bars (stacked when asked) drawn by React as SVG on
 * linear scales (`timeline-scale.ts`), the calendar-aware axis, the playback window's band, and a `d3-brush` to drag
 * a time range, with two keyboard handles ({@link TimelineHandles}) over it. The chart reports a
 * brushed range as bucket indexes; the panel writes it into the URL.
 * @module
 */
import { timeAxisTicks, type TimeAxisTick } from '@chronotope/dates'
import type { HistogramInterval } from '@chronotope/filters'
import { brushX, type BrushBehavior, type D3BrushEvent } from 'd3-brush'
import { select } from 'd3-selection'
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'

import { formatCount } from '../../lib/text/format-number'
import styles from './timeline.module.css'
import { bucketIndexAt, bucketLabel, bucketSpan, formatEventCount, type TimelineBucket } from './timeline-dates'
import { TimelineHandles } from './timeline-handles'
import { linearScale, niceCountCeiling } from './timeline-scale'
import type { BucketSpan } from './timeline-keys'
import type { StackedHistogram } from './timeline-stacks'

/**
 * The chart's least height in CSS pixels, axis included: the compact timeline under an embed's
 * map. The chart fills the panel's room, which the layout fixes, so nothing moves when data
 * arrives.
 */
export const CHART_MIN_HEIGHT_PX = 84
/** The tallest the chart grows in a tall panel. */
const CHART_MAX_HEIGHT_PX = 360
const MARGIN = { top: 10, right: 10, bottom: 22, left: 10 }

/** What the chart draws and how it reports a brushed range. */
export interface TimelineChartProps {
  readonly histogram: StackedHistogram
  readonly interval: HistogramInterval
  /** The chosen range in epoch ms (end exclusive), from the URL; undefined for none. */
  readonly selectionMs: { readonly startMs: number; readonly endMs: number } | undefined
  /** The playback window in epoch ms (end inclusive). */
  readonly playbackWindow: { readonly startMs: number; readonly endMs: number } | undefined
  /** A brushed range as bucket indexes, or null to clear it; `replace` for repeated key presses. */
  readonly onSelect: (span: BucketSpan | null, history: 'push' | 'replace') => void
}

/** The chart's size, following its container. */
function useSize(): [React.RefObject<HTMLDivElement | null>, { width: number; height: number }] {
  const ref = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState({ width: 0, height: 0 })
  // Measured before the first paint, so the chart appears with its bars and axis at once instead
  // of an empty frame until the observer's first report.
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const style = getComputedStyle(element)
    const width = Math.floor(element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight))
    const height = Math.floor(element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom))
    setSize((old) => (old.width === width && old.height === height ? old : { width, height }))
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0)
      const height = Math.floor(entry?.contentRect.height ?? 0)
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, size]
}

/** Axis ticks; long labels (months, days) need more room than years. */
function ticksFor(startMs: number, endMs: number, innerWidth: number): TimeAxisTick[] {
  const yearTicks = timeAxisTicks(startMs, endMs, innerWidth / 64)
  if (yearTicks.every((tick) => tick.unit === 'year')) return yearTicks
  return timeAxisTicks(startMs, endMs, innerWidth / 96)
}

/** A range's brush extent in pixels, clipped to the chart; null when nothing of it is shown. */
function brushPx(
  range: { readonly startMs: number; readonly endMs: number } | undefined,
  x: (epochMs: number) => number,
  innerWidth: number,
): [number, number] | null {
  if (!range) return null
  const x0 = Math.max(0, x(range.startMs))
  const x1 = Math.min(innerWidth, x(range.endMs))
  return x1 > x0 ? [x0, x1] : null
}

/** A bar's tooltip: "March 1921: 1,204 events", then each layer's count with its colour. */
interface BarText {
  readonly title: string
  readonly layers: ReadonlyArray<{ readonly label: string; readonly count: number; readonly color: string }>
}

function barText(histogram: StackedHistogram, index: number, interval: HistogramInterval): BarText | undefined {
  const bar = histogram.bars[index]
  if (!bar) return undefined
  const layers = histogram.series
    .map((series, layer) => ({ label: series.label, color: series.color, count: bar.counts[layer] ?? 0 }))
    .filter((layer) => layer.count > 0)
  return { title: `${bucketLabel(bar, interval)}: ${formatEventCount(bar.count)}`, layers }
}

/** A bar's name for screen readers: the tooltip's text in one line. */
function barName(text: BarText | undefined): string {
  if (!text) return ''
  return [text.title, ...text.layers.map((layer) => `${layer.label}: ${formatCount(layer.count)}`)].join('; ')
}

/** The timeline's chart; see the module comment. */
export function TimelineChart({ histogram, interval, selectionMs, playbackWindow, onSelect }: TimelineChartProps) {
  const [wrapper, size] = useSize()
  const { width } = size
  const chartHeight = Math.min(CHART_MAX_HEIGHT_PX, Math.max(CHART_MIN_HEIGHT_PX, size.height))
  const innerHeight = chartHeight - MARGIN.top - MARGIN.bottom
  const brushGroup = useRef<SVGGElement>(null)
  const brush = useRef<BrushBehavior<unknown> | null>(null)
  const [dragPx, setDragPx] = useState<[number, number] | null>(null)
  const [activeBar, setActiveBar] = useState<number | null>(null)
  const [focusedBar, setFocusedBar] = useState(0)
  const tooltipId = useId()
  const { bars } = histogram
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right)
  const domainStart = bars[0]?.startMs ?? 0
  const domainEnd = bars[bars.length - 1]?.endMs ?? 1

  const x = useMemo(() => linearScale([domainStart, domainEnd], [0, innerWidth]), [domainStart, domainEnd, innerWidth])
  const y = useMemo(() => {
    const highest = Math.max(
      1,
      ...bars.map((bar) =>
        Math.max(
          bar.count,
          bar.counts.reduce((a, b) => a + b, 0),
        ),
      ),
    )
    const top = niceCountCeiling(highest)
    return { top, at: linearScale([0, top], [innerHeight, 0]) }
  }, [bars, innerHeight])
  const ticks = useMemo(() => ticksFor(domainStart, domainEnd, innerWidth), [domainStart, domainEnd, innerWidth])
  // A range wholly outside the shown span has no handles of its own: they wait at the ends.
  const span = useMemo(
    () =>
      selectionMs && selectionMs.startMs < domainEnd && selectionMs.endMs > domainStart
        ? bucketSpan(bars, selectionMs.startMs, selectionMs.endMs)
        : undefined,
    [bars, selectionMs, domainStart, domainEnd],
  )

  // Latest values for the brush's listeners, which d3 holds from the first render.
  const latest = useRef({ x, bars, onSelect, selectionMs })
  useLayoutEffect(() => {
    latest.current = { x, bars, onSelect, selectionMs }
  })

  useEffect(() => {
    const group = brushGroup.current
    if (!group || innerWidth <= 0) return
    const behaviour = brushX<unknown>()
      .extent([
        [0, 0],
        [innerWidth, innerHeight],
      ])
      .on('brush', (event: D3BrushEvent<unknown>) => {
        if (event.sourceEvent && Array.isArray(event.selection)) {
          setDragPx(event.selection as [number, number])
        }
      })
      .on('end', (event: D3BrushEvent<unknown>) => {
        // Moves made by the effect below come without a source event: the URL already has them.
        if (!event.sourceEvent) return
        setDragPx(null)
        const current = latest.current
        if (!Array.isArray(event.selection)) {
          // A click without a drag keeps the range; a double-click clears it.
          moveBrush(current.selectionMs)
          return
        }
        const [x0, x1] = event.selection as [number, number]
        const snapped = bucketSpan(current.bars, current.x.invert(x0), current.x.invert(x1))
        if (snapped) current.onSelect(snapped, 'push')
      })
    brush.current = behaviour
    const selection = select(group)
    selection.call(behaviour)
    function moveBrush(range: { startMs: number; endMs: number } | undefined) {
      behaviour.move(selection, brushPx(range, latest.current.x, innerWidth))
    }
    moveBrush(latest.current.selectionMs)
    return () => {
      behaviour.on('brush end', null)
      selection.on('.brush', null)
    }
  }, [innerWidth, innerHeight])

  // The brush follows the URL: typed dates, keyboard handles, back and forward.
  useEffect(() => {
    const group = brushGroup.current
    if (!group || !brush.current || innerWidth <= 0) return
    brush.current.move(select(group), brushPx(selectionMs, x, innerWidth))
  }, [selectionMs, x, innerWidth])

  const isChosen = (bar: TimelineBucket) =>
    !selectionMs || (bar.startMs < selectionMs.endMs && bar.endMs > selectionMs.startMs)

  const pointerBar = (clientX: number, element: SVGSVGElement) => {
    const left = element.getBoundingClientRect().left + MARGIN.left
    const index = bucketIndexAt(bars, x.invert(clientX - left))
    setActiveBar(index >= 0 ? index : null)
  }

  const onBarKey = (event: KeyboardEvent<SVGGElement>, index: number) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: bars.length - 1 }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    const clamped = Math.max(0, Math.min(bars.length - 1, next))
    setFocusedBar(clamped)
    setActiveBar(clamped)
    const target = event.currentTarget.parentElement?.children[clamped]
    if (target instanceof SVGElement) target.focus()
  }

  const bandPx = playbackWindow
    ? brushPx({ startMs: playbackWindow.startMs, endMs: playbackWindow.endMs + 1 }, x, innerWidth)
    : null
  const tooltip = activeBar === null ? undefined : barText(histogram, activeBar, interval)
  const activeX = activeBar === null ? 0 : x((bars[activeBar]!.startMs + bars[activeBar]!.endMs) / 2) + MARGIN.left
  const handlePx: [number, number] = dragPx ?? [
    span ? x(bars[span.first]!.startMs) : 0,
    span ? x(bars[span.last]!.endMs) : innerWidth,
  ]

  return (
    <div ref={wrapper} className={styles.chart}>
      {width > 0 && (
        <svg
          width={width}
          height={chartHeight}
          className={styles.svg}
          onPointerMove={(event) => pointerBar(event.clientX, event.currentTarget)}
          onPointerLeave={() => setActiveBar(null)}
          onDoubleClick={() => onSelect(null, 'push')}
        >
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            <line className={styles.baseline} x1={0} x2={innerWidth} y1={innerHeight} y2={innerHeight} />
            <text className={styles.maxLabel} x={2} y={8}>
              {formatCount(y.top)}
            </text>
            <line className={styles.gridline} x1={0} x2={innerWidth} y1={0} y2={0} />
            <g role="list" aria-label="Events per bar">
              {bars.map((bar, index) => {
                const barX = x(bar.startMs)
                const barWidth = Math.max(1, x(bar.endMs) - barX - (x(bar.endMs) - barX > 3 ? 1 : 0))
                const chosen = isChosen(bar)
                let top = innerHeight
                return (
                  <g
                    key={bar.startMs}
                    role="listitem"
                    tabIndex={index === focusedBar ? 0 : -1}
                    aria-label={barName(barText(histogram, index, interval))}
                    aria-describedby={activeBar === index ? tooltipId : undefined}
                    className={styles.bar}
                    onFocus={() => {
                      setFocusedBar(index)
                      setActiveBar(index)
                    }}
                    onBlur={() => setActiveBar(null)}
                    onKeyDown={(event) => onBarKey(event, index)}
                  >
                    <rect className={styles.barHit} x={barX} y={0} width={barWidth} height={innerHeight} />
                    {bar.counts.map((count, layer) => {
                      if (count <= 0) return null
                      const height = innerHeight - y.at(count)
                      top -= height
                      const color = histogram.series[layer]?.color
                      return (
                        <rect
                          key={layer}
                          x={barX}
                          y={top}
                          width={barWidth}
                          height={height}
                          className={
                            color
                              ? chosen
                                ? styles.segment
                                : styles.segmentOutside
                              : chosen
                                ? styles.chosen
                                : styles.outside
                          }
                          style={color ? { fill: color } : undefined}
                        />
                      )
                    })}
                  </g>
                )
              })}
            </g>
            {bandPx && (
              <rect
                className={styles.playbackBand}
                x={bandPx[0]}
                y={0}
                width={Math.max(2, bandPx[1] - bandPx[0])}
                height={innerHeight}
              />
            )}
            <g ref={brushGroup} className={styles.brush} />
            <TimelineHandles
              bars={bars}
              interval={interval}
              span={span}
              px={handlePx}
              height={innerHeight}
              onSelect={onSelect}
            />
            <g className={styles.axis} transform={`translate(0,${innerHeight})`} aria-hidden="true">
              {ticks.map((tick) => {
                const tickX = x(tick.epochMs)
                const anchor = tickX < 30 ? 'start' : tickX > innerWidth - 30 ? 'end' : 'middle'
                return (
                  <g key={tick.epochMs} transform={`translate(${tickX},0)`}>
                    <line y2={4} />
                    <text y={16} textAnchor={anchor}>
                      {tick.label}
                    </text>
                  </g>
                )
              })}
            </g>
          </g>
        </svg>
      )}
      {tooltip && (
        <div
          id={tooltipId}
          role="tooltip"
          className={styles.tooltip}
          style={{ left: Math.max(4, Math.min(width - 4, activeX)) }}
          data-align={activeX < width / 4 ? 'start' : activeX > (width * 3) / 4 ? 'end' : 'middle'}
        >
          <div className={styles.tooltipTitle}>{tooltip.title}</div>
          {tooltip.layers.length > 0 && (
            <ul className={styles.tooltipLayers}>
              {tooltip.layers.map((layer) => (
                <li key={layer.label}>
                  <span className={styles.swatch} style={{ background: layer.color }} aria-hidden="true" />
                  {layer.label}: {formatCount(layer.count)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
