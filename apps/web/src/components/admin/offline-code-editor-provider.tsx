'use client'
/**
 * Makes the admin's JSON and code editors work offline: Payload's editor (Monaco) loads its files
 * from a CDN by default; this points its loader at the copy the app serves itself.
 * @module
 */
import loader from '@monaco-editor/loader'
import type { ReactNode } from 'react'

/** Where the app serves Monaco's files (copied from the monaco-editor package at start and build). */
export const MONACO_ASSETS_PATH = '/vendor/monaco/vs'

let configured = false

/** Admin provider that configures the code editor before any editor mounts. */
export function OfflineCodeEditorProvider({ children }: { children: ReactNode }) {
  if (!configured && typeof window !== 'undefined') {
    loader.config({ paths: { vs: MONACO_ASSETS_PATH } })
    configured = true
  }
  return children
}
