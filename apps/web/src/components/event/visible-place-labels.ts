/**
 * Which place names a small map shows: those its zoom calls for (`minZoom`), on screen, in the
 * order given (larger places first), skipping any that would overlap a name already placed or
 * the event's own mark; the city the event is in is named beside the mark. Pure: the boxes are
 * estimated from the names' lengths.
 * @module
 */

/** A place name as `/basemap/places.json` serves it. */
export interface PlaceLabel {
  readonly name: string
  readonly kind: 'country' | 'capital' | 'city'
  readonly lng: number
  readonly lat: number
  readonly minZoom: number
}

/** A point on screen, in CSS pixels from the map's top left corner. */
export interface ScreenPoint {
  readonly x: number
  readonly y: number
}

/** A label to show, and whether it names the event's own spot (its name beside the mark, no dot). */
export interface ShownLabel {
  readonly label: PlaceLabel
  readonly atMark: boolean
}

/** What the map shows now. */
export interface LabelView {
  readonly zoom: number
  readonly width: number
  readonly height: number
  /** Where a place is on screen. */
  readonly project: (lng: number, lat: number) => ScreenPoint
  /** The event's mark, which no name may cover. */
  readonly mark: ScreenPoint
  /** Parts of the map other things cover (the locator), which no name may overlap. */
  readonly reserved?: readonly Box[]
}

/** A rectangle on screen, in CSS pixels from the map's top left corner. */
export interface Box {
  readonly left: number
  readonly top: number
  readonly right: number
  readonly bottom: number
}

/** Pixels per character of a label (12 px text; countries in spaced capitals). */
const CHAR_PX = { country: 8, capital: 7, city: 6.6 } as const
const LABEL_HEIGHT_PX = 16
/** A city's dot and the gap before its name. */
const CITY_DOT_PX = 10
/** The room kept free around the event's mark. */
const MARK_CLEARANCE_PX = 14

/**
 * The box a label takes: a country's name centred on its point, a city's to the right of its dot.
 * @example labelBox({ name: 'Lyon', kind: 'city' }, { x: 100, y: 50 }) // { left: 96, top: 42, right: 136.4, bottom: 58 }
 */
export function labelBox(label: Pick<PlaceLabel, 'name' | 'kind'>, at: ScreenPoint): Box {
  const width = label.name.length * CHAR_PX[label.kind]
  if (label.kind === 'country') {
    return {
      left: at.x - width / 2,
      top: at.y - LABEL_HEIGHT_PX / 2,
      right: at.x + width / 2,
      bottom: at.y + LABEL_HEIGHT_PX / 2,
    }
  }
  return {
    left: at.x - 4,
    top: at.y - LABEL_HEIGHT_PX / 2,
    right: at.x + CITY_DOT_PX + width,
    bottom: at.y + LABEL_HEIGHT_PX / 2,
  }
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
}

/** How close to the mark a city's dot must be for the city to be the event's own (CSS pixels). */
const AT_MARK_PX = 8

/**
 * The labels to show, in the order given.
 * @example visiblePlaceLabels(labels, view).map((shown) => shown.label.name) // ['France', 'Paris', 'Lyon']
 */
export function visiblePlaceLabels(labels: readonly PlaceLabel[], view: LabelView): ShownLabel[] {
  const mark: Box = {
    left: view.mark.x - MARK_CLEARANCE_PX,
    top: view.mark.y - MARK_CLEARANCE_PX,
    right: view.mark.x + MARK_CLEARANCE_PX,
    bottom: view.mark.y + MARK_CLEARANCE_PX,
  }
  const placed: Box[] = [mark, ...(view.reserved ?? [])]
  const shown: ShownLabel[] = []
  let markNamed = false
  for (const label of labels) {
    if (label.minZoom > view.zoom) continue
    const at = view.project(label.lng, label.lat)
    const atMark: boolean =
      label.kind !== 'country' &&
      !markNamed &&
      Math.abs(at.x - view.mark.x) <= AT_MARK_PX &&
      Math.abs(at.y - view.mark.y) <= AT_MARK_PX
    // The city the event is in: its name just right of the mark, where its dot would be hidden.
    const box = atMark
      ? labelBox(label, { x: view.mark.x + MARK_CLEARANCE_PX - CITY_DOT_PX + 4, y: view.mark.y })
      : labelBox(label, at)
    if (box.left < 0 || box.top < 0 || box.right > view.width || box.bottom > view.height) continue
    // Beside the mark by design: only the other names may not overlap it.
    if (placed.some((other) => (atMark && other === mark ? false : overlaps(box, other)))) continue
    markNamed ||= atMark
    placed.push(box)
    shown.push({ label, atMark })
  }
  return shown
}
