/** A clear placeholder for a part of Chronotope that is being built, instead of an error page. */
export function ComingSoon({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="notice">
      <h1>{title}</h1>
      <p>{children}</p>
      <p>
        Meanwhile, the data is in the <a href="/admin">admin</a> and the <a href="/api/health">API</a>.{' '}
        <a href="/">Back to the home page</a>.
      </p>
    </section>
  )
}
