/** The sign-in page, coming back to the import page afterwards. */
export const SIGN_IN_URL = '/admin/login?redirect=%2Fimport'

/** What a signed-out visitor sees on the import page: what it does and a sign-in link. */
export function SignInPrompt() {
  return (
    <section className="notice import-signin">
      <h1>Import a file</h1>
      <p>
        Turn a spreadsheet into events on a timeline and a map: upload a CSV, Excel, ODS, JSON or GeoJSON file, check
        the columns Chronotope detected, and watch the import.
      </p>
      <p>
        <a className="button primary" href={SIGN_IN_URL}>
          Sign in to import
        </a>
      </p>
    </section>
  )
}
