import { formatCount } from './import-format'
import { describeHandEditValue, handEditFieldLabel } from './hand-edit-values'
import type { ImportJobProgress } from './import-types'

/**
 * What an import into a dataset that had events did to it beyond the counts: events the file no
 * longer has, hand edits kept, and the events left alone because the file changed values people
 * had corrected by hand, each with the person's value beside the file's.
 */
export function ReimportSummary({ job }: { job: ImportJobProgress }) {
  const report = job.reimport
  if (!report) return null
  const leftAlone = job.counts.eventsLeftAlone
  const notInFile = report.eventsNotInFile ?? 0
  if (leftAlone === 0 && notInFile === 0 && report.eventsWithHandEditsKept === 0) return null
  return (
    <div className="import-reimport">
      <h4>Events already in the dataset</h4>
      <ul>
        {report.eventsWithHandEditsKept > 0 && (
          <li>
            Hand edits kept on {formatCount(report.eventsWithHandEditsKept)}{' '}
            {report.eventsWithHandEditsKept === 1 ? 'event' : 'events'}: the file had not changed those values.
          </li>
        )}
        {notInFile > 0 && (
          <li>
            {formatCount(notInFile)} {notInFile === 1 ? 'event is' : 'events are'} in the dataset but not in this file;
            {notInFile === 1 ? ' it was' : ' they were'} kept as {notInFile === 1 ? 'it is' : 'they are'}.
          </li>
        )}
      </ul>
      {leftAlone > 0 && (
        <>
          <p>
            {formatCount(leftAlone)} {leftAlone === 1 ? 'event was' : 'events were'} left alone: the file changed values
            that people had corrected by hand, and a person’s correction is never overwritten without a word. Compare
            the values below; to take the file’s values for all of them, import the file again with “Keep what people
            corrected by hand” unticked.
            {report.leftAlone.length < leftAlone
              ? ` The first ${formatCount(report.leftAlone.length)} are listed.`
              : ''}
          </p>
          <div className="table-scroll" role="region" aria-label="Events left alone" tabIndex={0}>
            <table className="import-table">
              <thead>
                <tr>
                  <th scope="col" className="numeric">
                    Row
                  </th>
                  <th scope="col">Event</th>
                  <th scope="col">Field</th>
                  <th scope="col">Set by hand</th>
                  <th scope="col">The file now says</th>
                </tr>
              </thead>
              <tbody>
                {report.leftAlone.flatMap((event) =>
                  event.conflicts.map((conflict, index) => (
                    <tr key={`${event.eventId}-${conflict.field}`}>
                      <td className="numeric">{index === 0 ? (event.row ?? '–') : ''}</td>
                      <td>
                        {index === 0 && (
                          <a href={`/events/${event.eventId}`}>{event.title || `Event ${event.eventId}`}</a>
                        )}
                      </td>
                      <td>{handEditFieldLabel(conflict.field)}</td>
                      <td className="import-value">{describeHandEditValue(conflict.field, conflict.handValue)}</td>
                      <td className="import-value">{describeHandEditValue(conflict.field, conflict.fileValue)}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  )
}
