import Link from 'next/link'

/** A clear placeholder for a part of Chronotope that is being built, instead of an error page. */
export function ComingSoon({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="notice">
      <h1>{title}</h1>
      <p>{children}</p>
      <p>
        Meanwhile, the data is in the <Link href="/admin">admin</Link> and the{' '}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- an API route answers JSON, not a page */}
        <a href="/api/health">API</a>. <Link href="/">Back to the home page</Link>.
      </p>
    </section>
  )
}
