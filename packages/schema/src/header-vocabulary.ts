import type { FieldRole } from './types'

/**
 * Header words for each field role in English, German, French, Spanish, Italian, Portuguese and
 * Dutch, written as {@link normalizeHeader} leaves them (lower case, no accents, words separated
 * by one space). A header matches a role exactly (all its words) or by one of its words.
 */
export const HEADER_VOCABULARY: Readonly<Record<FieldRole, readonly string[]>> = Object.freeze({
  id: [
    'id',
    'uuid',
    'guid',
    'uid',
    'key',
    'identifier',
    'record id',
    'event id',
    'object id',
    'fid',
    'kennung',
    'identifiant',
    'identificador',
    'identificatore',
    'codigo',
    'nummer',
  ],
  title: [
    'title',
    'name',
    'headline',
    'event',
    'subject',
    'label',
    'heading',
    'caption',
    'event name',
    'titel',
    'bezeichnung',
    'uberschrift',
    'ereignis',
    'titre',
    'nom',
    'intitule',
    'evenement',
    'nombre',
    'titulo',
    'evento',
    'titolo',
    'nome',
    'naam',
    'gebeurtenis',
    'onderwerp',
  ],
  description: [
    'description',
    'desc',
    'notes',
    'note',
    'summary',
    'details',
    'detail',
    'text',
    'body',
    'comment',
    'comments',
    'remarks',
    'content',
    'abstract',
    'beschreibung',
    'notizen',
    'bemerkung',
    'bemerkungen',
    'zusammenfassung',
    'commentaire',
    'resume',
    'descripcion',
    'resumen',
    'notas',
    'descrizione',
    'descricao',
    'omschrijving',
    'beschrijving',
    'opmerkingen',
  ],
  'start-time': [
    'date',
    'start',
    'begin',
    'from',
    'time',
    'timestamp',
    'datetime',
    'occurred',
    'created',
    'when',
    'started',
    'published',
    'datum',
    'zeitpunkt',
    'beginn',
    'von',
    'anfang',
    'debut',
    'fecha',
    'desde',
    'inicio',
    'data',
    'inizio',
    'dal',
    'de',
    'van',
    'tijdstip',
  ],
  'end-time': [
    'end',
    'until',
    'to',
    'till',
    'through',
    'thru',
    'finish',
    'finished',
    'ended',
    'stop',
    'bis',
    'ende',
    'fin',
    'hasta',
    'fine',
    'al',
    'fim',
    'ate',
    'eind',
    'tot',
  ],
  latitude: [
    'lat',
    'latitude',
    'lat deg',
    'lat dd',
    'decimal latitude',
    'decimallatitude',
    'breite',
    'breitengrad',
    'latitud',
    'latitudine',
    'y',
  ],
  longitude: [
    'lon',
    'lng',
    'long',
    'longitude',
    'lon deg',
    'lng deg',
    'long dd',
    'decimal longitude',
    'decimallongitude',
    'lange',
    'laenge',
    'langengrad',
    'laengengrad',
    'longitud',
    'longitudine',
    'x',
  ],
  coordinates: [
    'coordinates',
    'coords',
    'coord',
    'coordinate',
    'latlng',
    'latlon',
    'lat lon',
    'lat lng',
    'lat long',
    'latitude longitude',
    'location',
    'geo',
    'geolocation',
    'position',
    'point',
    'gps',
    'geopoint',
    'koordinaten',
    'coordonnees',
    'coordenadas',
    'coordinate geo',
  ],
  place: [
    'place',
    'location',
    'venue',
    'where',
    'site',
    'ort',
    'lieu',
    'lugar',
    'luogo',
    'local',
    'localizacao',
    'plaats',
    'locatie',
    'locality',
  ],
  street: [
    'address',
    'street',
    'street address',
    'addr',
    'address line 1',
    'address1',
    'strasse',
    'adresse',
    'anschrift',
    'rue',
    'calle',
    'direccion',
    'via',
    'indirizzo',
    'endereco',
    'rua',
    'straat',
    'adres',
  ],
  city: [
    'city',
    'town',
    'municipality',
    'village',
    'ort',
    'stadt',
    'gemeinde',
    'ville',
    'commune',
    'ciudad',
    'municipio',
    'citta',
    'comune',
    'cidade',
    'stad',
    'gemeente',
    'woonplaats',
  ],
  region: [
    'state',
    'province',
    'region',
    'territory',
    'prefecture',
    'bundesland',
    'kanton',
    'canton',
    'departement',
    'provincia',
    'estado',
    'comunidad',
    'regione',
    'provincie',
  ],
  country: [
    'country',
    'country code',
    'country name',
    'nation',
    'land',
    'pays',
    'pais',
    'nazione',
    'paese',
    'iso country',
  ],
  'postal-code': [
    'zip',
    'zipcode',
    'zip code',
    'postal',
    'postal code',
    'postcode',
    'post code',
    'plz',
    'postleitzahl',
    'cp',
    'code postal',
    'codigo postal',
    'cap',
  ],
  year: ['year', 'yr', 'yyyy', 'jahr', 'annee', 'ano', 'anno', 'jaar'],
  month: ['month', 'mm', 'monat', 'mois', 'mes', 'mese', 'maand'],
  day: ['day', 'dd', 'tag', 'jour', 'dia', 'giorno', 'dag'],
  time: ['time', 'hour', 'time of day', 'uhrzeit', 'zeit', 'heure', 'hora', 'ora', 'tijd'],
})

/** Score of a header whose words all match a vocabulary entry. */
export const EXACT_HEADER_SCORE = 1
/** Score of a header where one word (or a `_id` suffix) matches. */
export const WORD_HEADER_SCORE = 0.6
/** Score of the single letters `x` and `y`, which are coordinates only as a pair with values in range. */
export const AXIS_LETTER_SCORE = 0.4

/** A role a header suggests, with how strongly (0..1). */
export interface HeaderMatch {
  role: FieldRole
  score: number
}

/**
 * Normalizes a header for matching: splits camelCase, lower-cases, removes accents (`ß` → `ss`),
 * and turns `_ - .`, spaces and other punctuation into single spaces.
 * @example normalizeHeader('Breitengrad_(WGS84)') // 'breitengrad wgs84'
 * @example normalizeHeader('streetAddress') // 'street address'
 * @example normalizeHeader('Länge') // 'lange'
 */
export function normalizeHeader(header: string): string {
  return header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

interface VocabularyIndex {
  exact: Map<string, FieldRole[]>
  word: Map<string, FieldRole[]>
}

function addTo(map: Map<string, FieldRole[]>, key: string, role: FieldRole): void {
  const roles = map.get(key)
  if (roles === undefined) map.set(key, [role])
  else if (!roles.includes(role)) roles.push(role)
}

function buildIndex(): VocabularyIndex {
  const exact = new Map<string, FieldRole[]>()
  const word = new Map<string, FieldRole[]>()
  for (const [role, entries] of Object.entries(HEADER_VOCABULARY) as Array<[FieldRole, readonly string[]]>) {
    for (const entry of entries) {
      addTo(exact, entry, role)
      addTo(exact, entry.replace(/ /g, ''), role)
      // Single letters and two-letter abbreviations only match whole headers: "x" in "box x" is noise.
      if (!entry.includes(' ') && entry.length > 2) addTo(word, entry, role)
    }
  }
  return { exact, word }
}

const index = buildIndex()

/**
 * Lists the roles a header suggests, strongest first: whole-header matches score
 * {@link EXACT_HEADER_SCORE}, single-word matches and `*_id` suffixes {@link WORD_HEADER_SCORE},
 * the letters `x`/`y` {@link AXIS_LETTER_SCORE}. Values decide later whether a role holds.
 * @example matchHeaderRoles('Candidate name') // [{ role: 'title', score: 0.6 }]
 * @example matchHeaderRoles('location')[0] // { role: 'coordinates', score: 1 } (then 'place')
 */
export function matchHeaderRoles(header: string): HeaderMatch[] {
  const normalized = normalizeHeader(header)
  if (normalized.length === 0) return []
  const matches = new Map<FieldRole, number>()
  const add = (role: FieldRole, score: number): void => {
    if ((matches.get(role) ?? 0) < score) matches.set(role, score)
  }
  const compact = normalized.replace(/ /g, '')
  for (const key of [normalized, compact]) {
    for (const role of index.exact.get(key) ?? []) {
      add(role, key === 'x' || key === 'y' ? AXIS_LETTER_SCORE : EXACT_HEADER_SCORE)
    }
  }
  const words = normalized.split(' ')
  if (words.length > 1) {
    for (const word of words) for (const role of index.word.get(word) ?? []) add(role, WORD_HEADER_SCORE)
    if (words[words.length - 1] === 'id') add('id', WORD_HEADER_SCORE)
  }
  return [...matches].map(([role, score]) => ({ role, score })).sort((a, b) => b.score - a.score)
}

/**
 * The score of one role for a header, 0 when the header does not suggest it.
 * @example headerScore('end_date', 'end-time') // 0.6
 */
export function headerScore(header: string, role: FieldRole): number {
  return matchHeaderRoles(header).find((match) => match.role === role)?.score ?? 0
}
