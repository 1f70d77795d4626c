import Link from 'next/link'

/** The one answer for a missing event, a private one and a malformed id alike. */
export default function EventNotFound() {
  return (
    <section className="notice">
      <h1>Event not found</h1>
      <p>
        There is no event at this address, or you may not see it. If it belongs to a private dataset, sign in with an
        account that may see it.
      </p>
      <p>
        <Link href="/explore">Explore the events you can see</Link> or go back to the <Link href="/">home page</Link>.
      </p>
    </section>
  )
}
