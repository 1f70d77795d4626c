/**
 * Reusable field definitions (the `shared-fields` module): the slug, owner, visibility and
 * description fields that catalogs, datasets and pages share, defined once.
 * @module
 */
import type { Field, FieldHook, TextField, TypeWithID } from 'payload'

import { isEditorOrAdminField } from '../access/is-editor-or-admin'
import { COLLECTION_NAMES } from '../constants/collection-names'
import { slugify } from '../lib/slug'

const slugFromSource =
  (sourceField: string): FieldHook<TypeWithID & Record<string, unknown>, unknown> =>
  async ({ value, data, originalDoc, req, collection }) => {
    if (typeof value === 'string' && value.trim() !== '') return slugify(value)
    const source = data?.[sourceField] ?? originalDoc?.[sourceField]
    const ownId = originalDoc?.id
    if (typeof source !== 'string') return value
    const base = slugify(source)
    if (!collection || !base) return base
    // A made-up slug must not collide: "events", "events-2", "events-3"… (a typed one may, and is refused).
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`
      const { totalDocs } = await req.payload.count({
        collection: collection.slug as never,
        where: {
          and: [{ slug: { equals: candidate } }, ...(ownId ? [{ id: { not_equals: ownId } }] : [])],
        },
        overrideAccess: true,
        req,
      })
      if (totalDocs === 0) return candidate
    }
  }

/**
 * A URL slug made from another field (by default `name`) unless one is typed; unique and indexed.
 * @example slugField('title') // the `slug` field of pages
 */
export function slugField(sourceField = 'name'): TextField {
  return {
    name: 'slug',
    type: 'text',
    index: true,
    unique: true,
    admin: { position: 'sidebar', description: `Made from the ${sourceField} when left empty.` },
    hooks: { beforeValidate: [slugFromSource(sourceField)] },
  }
}

const ownerOnCreate: FieldHook<TypeWithID & Record<string, unknown>, unknown> = ({ value, req, operation }) => {
  if (operation === 'create' && !value && req.user) return req.user.id
  return value
}

/**
 * The user who owns a document; set to the creating user. Only editors and admins may create a
 * document for someone else or hand it over.
 * @example fields: [ownerField()]
 */
export function ownerField(): Field {
  return {
    name: 'owner',
    type: 'relationship',
    relationTo: COLLECTION_NAMES.USERS,
    index: true,
    admin: { position: 'sidebar' },
    access: { create: isEditorOrAdminField, update: isEditorOrAdminField },
    hooks: { beforeChange: [ownerOnCreate] },
  }
}

/**
 * Whether anyone, signed in or not, may see the document. Off by default: data is private until
 * someone decides to publish it.
 * @example fields: [isPublicField('Anyone can explore this catalog')]
 */
export function isPublicField(description: string): Field {
  return {
    name: 'isPublic',
    type: 'checkbox',
    label: 'Public',
    defaultValue: false,
    index: true,
    admin: { position: 'sidebar', description },
  }
}

/**
 * A plain-text description shown in lists and the explore view.
 * @example fields: [descriptionField()]
 */
export function descriptionField(): Field {
  return { name: 'description', type: 'textarea' }
}
