'use client'
import { useEffect, useRef } from 'react'

/**
 * A ref for a step's heading that takes the keyboard focus when the step appears, so screen
 * reader and keyboard users land on the new step instead of staying on a button that vanished.
 * The heading needs `tabIndex={-1}`.
 * @example const heading = useFocusOnMount<HTMLHeadingElement>() // <h2 ref={heading} tabIndex={-1}>
 */
export function useFocusOnMount<T extends HTMLElement>(isEnabled = true) {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (isEnabled) ref.current?.focus()
  }, [isEnabled])
  return ref
}
