'use client'
/**
 * "Share" copies the link of exactly this view; "Embed" shows the `<iframe>` snippet of the
 * chrome-less `/embed` with the same state, ready to copy.
 * @module
 */
import { useId, useRef, useState } from 'react'

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

  const share = async () => {
    const copied = await copyText(window.location.href)
    setShareStatus(copied ? 'Link copied' : `Copy this link: ${window.location.href}`)
  }
  const openEmbed = () => {
    const url = new URL(window.location.href)
    url.pathname = '/embed'
    url.searchParams.delete('tab')
    setSnippet(embedSnippet(url.toString()))
    setEmbedStatus('')
    dialog.current?.showModal()
  }
  const copySnippet = async () => {
    setEmbedStatus((await copyText(snippet)) ? 'Snippet copied' : 'Select the snippet and copy it')
  }

  return (
    <div className="explore-share">
      <button type="button" className="button" onClick={() => void share()}>
        Share
      </button>
      <button type="button" className="button" onClick={openEmbed}>
        Embed
      </button>
      <span role="status" className="explore-share-status">
        {shareStatus}
      </span>
      <dialog ref={dialog} className="explore-dialog" aria-labelledby={`${snippetId}-title`}>
        <h2 id={`${snippetId}-title`}>Embed this view</h2>
        <p>Paste this into a web page to show this map and timeline, with these filters, on another site.</p>
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
