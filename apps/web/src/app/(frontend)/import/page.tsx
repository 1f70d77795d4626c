import { headers } from 'next/headers'

import { isEditorOrAdminUser } from '../../../access/roles'
import { ImportWorkspace } from '../../../components/import/import-workspace'
import { SignInPrompt } from '../../../components/import/sign-in-prompt'
import { settings } from '../../../config/settings'
import { getPayloadInstance } from '../../../lib/runtime/payload-instance'

/** Title of the import page. */
export const metadata = { title: 'Import' }

function importIdOf(raw: string | string[] | undefined): number | null {
  const id = typeof raw === 'string' ? Number(raw) : Number.NaN
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * The import page: upload a file, check the preview, watch the import (`?importId=` opens an
 * import's preview or progress); signed-out visitors get a sign-in link.
 */
export default async function ImportPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const payload = await getPayloadInstance()
  const { user } = await payload.auth({ headers: await headers() })
  if (!user) return <SignInPrompt />
  const { importId } = await searchParams
  const name = typeof user.name === 'string' && user.name ? user.name : String(user.email)
  return (
    <ImportWorkspace
      user={{ id: Number(user.id), name, isCurator: isEditorOrAdminUser(user) }}
      maxUploadBytes={settings.uploadMaxBytes}
      initialImportId={importIdOf(importId)}
    />
  )
}
