/** An error the user should read, announced at once by screen readers; nothing when there is none. */
export function ErrorMessage({ error, id }: { error: string | null | undefined; id?: string }) {
  if (!error) return null
  return (
    <p className="import-error" role="alert" id={id}>
      {error}
    </p>
  )
}
