'use client'
/**
 * A user's quotas in the admin, beside their trust level: each limit and what they have used of
 * it, read from `GET /api/usage` (so it shows the same figures the API enforces).
 * @module
 */
import { FieldLabel, useDocumentInfo } from '@payloadcms/ui'
import type { UIFieldClientComponent } from 'payload'
import { useEffect, useState } from 'react'

import styles from './usage-field.module.css'

interface Standing {
  readonly name: string
  readonly label: string
  readonly limit: number | null
  readonly used: number | null
}

type UsageState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'ready'; readonly level: string; readonly quotas: readonly Standing[] }

const numbers = new Intl.NumberFormat('en')

function figure(standing: Standing): string {
  if (standing.limit === null)
    return standing.used === null ? 'no limit' : `${numbers.format(standing.used)} (no limit)`
  const limit = numbers.format(standing.limit)
  if (standing.used !== null) return `${numbers.format(standing.used)} of ${limit}`
  // Limits on one import or one schedule have no running total.
  return standing.name === 'shortestScheduleMinutes' ? `${limit} minutes` : `at most ${limit}`
}

/** The `usage` UI field of the users collection. */
export const UsageField: UIFieldClientComponent = () => {
  const { id } = useDocumentInfo()
  const [state, setState] = useState<UsageState>({ kind: 'loading' })

  useEffect(() => {
    if (id === undefined || id === null) return
    const controller = new AbortController()
    fetch(`/api/usage?user=${encodeURIComponent(String(id))}`, { credentials: 'include', signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
        if (!response.ok) {
          setState({ kind: 'error', message: typeof body.error === 'string' ? body.error : 'Usage could not be read.' })
          return
        }
        setState({ kind: 'ready', level: String(body.level), quotas: body.quotas as Standing[] })
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setState({ kind: 'error', message: `Usage could not be read: ${String(error)}` })
      })
    return () => controller.abort()
  }, [id])

  if (id === undefined || id === null) return null
  return (
    <div className="field-type usage-field">
      <FieldLabel label="Usage and limits" />
      {state.kind === 'loading' ? (
        <p className={styles.muted} role="status">
          Reading usage…
        </p>
      ) : state.kind === 'error' ? (
        <p className="field-description" role="alert">
          {state.message}
        </p>
      ) : (
        <>
          <p className="field-description">
            Limits of the “{state.level}” level{state.level === 'unlimited' ? ': none apply.' : '.'}
          </p>
          <table className={styles.table}>
            <caption className={styles.muted} style={{ textAlign: 'left' }}>
              Used of each limit
            </caption>
            <tbody>
              {state.quotas.map((standing) => {
                const over = standing.limit !== null && standing.used !== null && standing.used >= standing.limit
                return (
                  <tr key={standing.name}>
                    <th scope="row">{standing.label.charAt(0).toUpperCase() + standing.label.slice(1)}</th>
                    <td className={over ? styles.over : undefined}>{figure(standing)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </>
      )}
    </div>
  )
}
