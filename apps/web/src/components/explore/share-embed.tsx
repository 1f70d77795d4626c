'use client'
/**
 * "Share" copies the link of exactly this view; "Embed" shows the `<iframe>` snippet of the
 * chrome-less `/embed` with the same state, ready to copy.
 * @module
 */
import { useId, useRef, useState } from 'react'

import { useExplore } from './explore-context'
import { privateDataWarning } from './share-warning'
import { exploreHref } from './view-state'

/**
 * The `<iframe>` snippet for an embed URL.
 * @example embedSnippet('https://x.org/embed?datasets=2') // '<iframe src="https://x.org/embed?datasets=2" title="Chronotope: events on a map and a timeline" width="100%" height="560" style="border:0" loading="lazy"></iframe>'
 */
export function embedSnippet(url: string): string {
  const src = url.replaceAll('&', '&amp;').replaceAll('"', '&quot;')
  return `<iframe src="${src}" title="Chronotope: events on a map and a timeline" width="100%" height="560" style="border:0" loading="lazy"></iframe>`
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No clipboard permission (an insecure origin, say): the text stays selectable in the field.
    return false
  }
}

/** The Share and Embed buttons, with the embed snippet in a dialog. */
export function ShareEmbed() {
  const [shareStatus, setShareStatus] = useState('')
  const [snippet, setSnippet] = useState('')
  const [embedStatus, setEmbedStatus] = useState('')
  const dialog = useRef<HTMLDialogElement>(null)
  const snippetId = useId()
  const { view, catalogs } = useExplore()
  // Said before anyone copies the link: recipients see none of the private datasets in it.
  const warning = privateDataWarning(view, catalogs)
  const warningId = useId()

  // From the view's state, not the address bar: the map's camera reaches the URL only once a pan has rested.
  const share = async () => {
    const link = new URL(exploreHref(view), window.location.origin).href
    const copied = await copyText(link)
    setShareStatus(copied ? 'Link copied' : `Copy this link: ${link}`)
  }
  const openEmbed = () => {
    // The embed has no phone tabs.
    const { tab: _tab, ...embedded } = view
    const link = new URL(exploreHref(embedded, '/embed'), window.location.origin).href
    setSnippet(embedSnippet(link))
    setEmbedStatus('')
    dialog.current?.showModal()
  }
  const copySnippet = async () => {
    setEmbedStatus((await copyText(snippet)) ? 'Snippet copied' : 'Select the snippet and copy it')
  }

  return (
    <div className="explore-share">
      <button
        type="button"
        className="button"
        onClick={() => void share()}
        aria-describedby={shareStatus && warning ? warningId : undefined}
      >
        Share
      </button>
      <button type="button" className="button" onClick={openEmbed}>
        Embed
      </button>
      <span role="status" className="explore-share-status">
        {shareStatus}
      </span>
      {shareStatus && warning ? (
        <p id={warningId} className="share-warning" role="alert">
          {warning}
        </p>
      ) : null}
      <dialog ref={dialog} className="explore-dialog" aria-labelledby={`${snippetId}-title`}>
        <h2 id={`${snippetId}-title`}>Embed this view</h2>
        <p>Paste this into a web page to show this map and timeline, with these filters, on another site.</p>
        {warning ? <p className="share-warning">{warning}</p> : null}
        <label htmlFor={snippetId}>HTML snippet</label>
        <textarea id={snippetId} readOnly rows={4} value={snippet} onFocus={(event) => event.currentTarget.select()} />
        <div className="explore-dialog-actions">
          <button type="button" className="button primary" onClick={() => void copySnippet()}>
            Copy snippet
          </button>
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
          <span role="status">{embedStatus}</span>
        </div>
      </dialog>
    </div>
  )
}
