'use client'
/**
 * The admin's note, on a dataset or an import file, of what deleting it takes with it (events,
 * schema versions, import jobs, files) and what stays, read from `GET /api/{collection}/{id}/deletion`
 * before anyone presses Delete.
 * @module
 */
import { FieldLabel, useDocumentInfo } from '@payloadcms/ui'
import type { UIFieldClientComponent } from 'payload'
import { useEffect, useState } from 'react'

/** The `deletionImpact` UI field of the datasets and import-files collections. */
export const DeletionImpactField: UIFieldClientComponent = () => {
  const { id, collectionSlug } = useDocumentInfo()
  const [sentences, setSentences] = useState<readonly string[] | null>(null)
  useEffect(() => {
    if (id === undefined || id === null || !collectionSlug) return
    const controller = new AbortController()
    fetch(`/api/${collectionSlug}/${id}/deletion`, { credentials: 'include', signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ sentences?: string[] }>) : null))
      .then((body) => setSentences(body?.sentences ?? null))
      // Those who may not delete it get no note.
      .catch(() => undefined)
    return () => controller.abort()
  }, [id, collectionSlug])
  if (!sentences) return null
  return (
    <div className="field-type deletion-impact-field">
      <FieldLabel label="If you delete it" />
      <div className="field-description">
        {sentences.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </div>
    </div>
  )
}
