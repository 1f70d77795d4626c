import { formatCount, formatDuration, formatRate, stageLabel } from './import-format'
import type { StageProgressView } from './import-types'

const STATE_LABELS: Record<StageProgressView['state'], string> = {
  done: 'Done',
  running: 'Running',
  waiting: 'Waiting',
  skipped: 'Skipped',
  failed: 'Failed',
}

function percentOf(stage: StageProgressView): number {
  if (stage.state === 'done' || stage.state === 'skipped') return 100
  if (stage.rowsTotal === null || stage.rowsTotal === 0 || stage.rowsDone === null) return 0
  return Math.min(100, Math.round((stage.rowsDone / stage.rowsTotal) * 100))
}

function detailsOf(stage: StageProgressView, unit: 'rows' | 'places'): string {
  const parts: string[] = []
  if (stage.rowsDone !== null) {
    parts.push(
      stage.rowsTotal !== null
        ? `${formatCount(stage.rowsDone)} of ${formatCount(stage.rowsTotal)} ${unit}`
        : `${formatCount(stage.rowsDone)} ${unit}`,
    )
  }
  if (stage.state === 'running' && stage.rowsPerSecond !== null && stage.rowsPerSecond > 0)
    parts.push(formatRate(stage.rowsPerSecond, unit))
  if (stage.state === 'running' && stage.etaSeconds !== null)
    parts.push(`about ${formatDuration(stage.etaSeconds)} left`)
  return parts.join(' · ')
}

/**
 * One stage of an import job as a labelled progress bar: its state, rows done of the total, the
 * rate and the time left while it runs.
 */
export function StageProgress({ stage, id }: { stage: StageProgressView; id: string }) {
  const percent = percentOf(stage)
  // Geocoding counts distinct places, not rows.
  const unit = stage.stage === 'geocode-batch' ? 'places' : 'rows'
  const details = detailsOf(stage, unit)
  const isIndeterminate = stage.state === 'running' && (stage.rowsTotal === null || stage.rowsDone === null)
  return (
    <li className={`import-stage is-${stage.state}`}>
      <div className="import-stage-head">
        <span id={`${id}-label`} className="import-stage-name">
          {stageLabel(stage.stage)}
        </span>
        <span className="import-stage-state">{STATE_LABELS[stage.state]}</span>
      </div>
      <div
        className={`import-bar${isIndeterminate ? ' is-indeterminate' : ''}`}
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(isIndeterminate ? {} : { 'aria-valuenow': percent })}
        aria-valuetext={`${STATE_LABELS[stage.state]}${details ? `: ${details}` : ''}`}
      >
        <span className="import-bar-fill" style={{ width: `${isIndeterminate ? 100 : percent}%` }} />
      </div>
      {details && <div className="import-stage-details">{details}</div>}
    </li>
  )
}
