/**
 * The values that are not dates which the date-column tests put into the campaign-trail file's
 * `date` column, by data row number (as row errors count rows: the first row after the header is
 * row 1): issue 17's five, a tenth of a 50-row file.
 */
export const BAD_DATES = [
  { row: 4, value: '32/13/2020' },
  { row: 11, value: 'yesterday' },
  { row: 23, value: 'soon' },
  { row: 37, value: '2020-13-45' },
  { row: 48, value: 'tbd' },
] as const

/** Data rows of the file the {@link BAD_DATES} go into: the campaign-trail file cut to 50 rows. */
export const BAD_DATES_FILE_ROWS = 50
