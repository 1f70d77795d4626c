import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

/** The app's Payload instance inside Next (server components and route handlers). */
export function getPayloadInstance(): Promise<Payload> {
  return getPayload({ config })
}
