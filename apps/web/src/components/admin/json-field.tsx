'use client'
/**
 * The admin's editor for JSON fields: a plain text area that checks the JSON as you type.
 * Payload's default editor (Monaco) loads its code from a CDN, which breaks offline and leaks
 * the admin's use to a third party; this one needs nothing from outside.
 * @module
 */
import { FieldDescription, FieldError, FieldLabel, useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'

function format(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2)
}

/** Describes a JSON syntax error with its position, e.g. `Expected ',' … (line 3, column 5)`. */
export function describeJsonError(text: string): string | undefined {
  if (text.trim() === '') return undefined
  try {
    JSON.parse(text)
    return undefined
  } catch (error) {
    return `Invalid JSON: ${(error as Error).message}`
  }
}

/** Text-area JSON editor used for every `json` field of the admin. */
export const JsonField: JSONFieldClientComponent = ({ field, path: pathFromProps, readOnly }) => {
  const { path, value, setValue, showError, disabled } = useField<unknown>({ potentiallyStalePath: pathFromProps })
  const [text, setText] = useState(() => format(value))
  const [syntaxError, setSyntaxError] = useState<string>()
  const typing = useRef(false)

  // Follow changes that come from the form (reset, load), not from this text area.
  useEffect(() => {
    if (!typing.current) setText(format(value))
    typing.current = false
  }, [value])

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const next = event.target.value
    typing.current = true
    setText(next)
    const problem = describeJsonError(next)
    setSyntaxError(problem)
    // Invalid text is kept as a string so the server's validation refuses to save it.
    setValue(next.trim() === '' ? null : problem ? next : JSON.parse(next))
  }

  const lines = Math.min(24, Math.max(4, text.split('\n').length + 1))
  return (
    <div className={['field-type', 'json-field', showError || syntaxError ? 'error' : ''].join(' ')}>
      <FieldLabel label={field.label} path={path} required={field.required} />
      <div className="field-type__wrap">
        <FieldError message={syntaxError} path={path} showError={Boolean(syntaxError) || showError} />
        <textarea
          id={`field-${path.replace(/\./g, '__')}`}
          name={path}
          value={text}
          onChange={onChange}
          readOnly={readOnly || disabled}
          rows={lines}
          spellCheck={false}
          style={{
            width: '100%',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: 13,
            padding: 10,
            border: '1px solid var(--theme-elevation-150)',
            borderRadius: 4,
            background: 'var(--theme-input-bg)',
            color: 'var(--theme-elevation-800)',
          }}
        />
      </div>
      <FieldDescription description={field.admin?.description} path={path} />
    </div>
  )
}
