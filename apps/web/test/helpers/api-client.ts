/**
 * Calls the app's real REST and GraphQL route handlers (the ones Next serves under /api) without
 * a running server, as an anonymous caller or a signed-in user.
 * @module
 */
import config from '@payload-config'
import { GRAPHQL_POST, REST_DELETE, REST_GET, REST_PATCH, REST_POST } from '@payloadcms/next/routes'
import { getPayload, type Payload } from 'payload'

import { guardGraphqlPost } from '../../src/lib/api/request-body-guard'
import { refuseBadApiKeys } from '../../src/lib/api-keys/refuse-bad-keys'
import { DEMO_USERS } from '../../src/seed/demo-content'

import type { Json } from './json'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
type RouteHandler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>

// As the routes serve them: a wrong API key is a 401 before Payload sees the request.
const handlers: Record<Method, RouteHandler> = {
  GET: refuseBadApiKeys(config, REST_GET(config)),
  POST: refuseBadApiKeys(config, REST_POST(config)),
  PATCH: refuseBadApiKeys(config, REST_PATCH(config)),
  DELETE: refuseBadApiKeys(config, REST_DELETE(config)),
}
// As the GraphQL route serves it: bodies it cannot read are 4xx answers, not thrown errors.
const graphqlHandler = refuseBadApiKeys(config, guardGraphqlPost(GRAPHQL_POST(config)))

/** A response with its parsed JSON body. */
export interface ApiResponse<T = Json> {
  readonly status: number
  readonly body: T
  readonly headers?: Headers
}

/** The test database's Payload instance. */
export function testPayload(): Promise<Payload> {
  return getPayload({ config })
}

// The `[...slug]` segments of the REST route, as Next hands them to it.
function routeSlug(url: URL): string[] {
  return url.pathname
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
}

// The headers an HTTP client frames a body with, which a Request made here lacks: its length, or
// chunks for a stream. The server tells a bodiless POST (`curl -X POST`) from them.
function framingHeaders(body: BodyInit | undefined): Record<string, string> {
  if (body === undefined || body === null) return {}
  if (typeof body === 'string') return { 'content-length': String(Buffer.byteLength(body)) }
  if (body instanceof Uint8Array) return { 'content-length': String(body.byteLength) }
  if (body instanceof Blob) return { 'content-length': String(body.size) }
  return { 'transfer-encoding': 'chunked' }
}

/** A caller of the API: anonymous, or signed in with a token. */
export class ApiClient {
  constructor(
    private readonly token?: string,
    private readonly extraHeaders: Readonly<Record<string, string>> = {},
  ) {}

  /** The same caller, sending these headers too (e.g. the socket address the server would set). */
  withHeaders(headers: Record<string, string>): ApiClient {
    return new ApiClient(this.token, { ...this.extraHeaders, ...headers })
  }

  /** Signs in as one of the demo accounts (`admin`, `editor`, `user`). */
  static async as(role: 'admin' | 'editor' | 'user'): Promise<ApiClient> {
    const account = DEMO_USERS.find((user) => user.role === role)!
    return ApiClient.signIn(account.email, account.password)
  }

  /** Signs in with an email and password. */
  static async signIn(email: string, password: string): Promise<ApiClient> {
    const payload = await testPayload()
    const { token } = await payload.login({ collection: 'users', data: { email, password } })
    return new ApiClient(token)
  }

  /** The signed-in user as the server would see them (`payload.auth`), null when anonymous. */
  async user() {
    const payload = await testPayload()
    return (await payload.auth({ headers: new Headers(this.headers()) })).user
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      ...(this.token ? { authorization: `JWT ${this.token}` } : {}),
      ...this.extraHeaders,
    }
  }

  /** Calls `METHOD /api{path}`, e.g. `get('/events?limit=10')`. */
  async request<T = Json>(method: Method, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const url = new URL(`http://localhost:3000/api${path}`)
    const slug = routeSlug(url)
    const sent = body === undefined ? undefined : JSON.stringify(body)
    const request = new Request(url, { method, headers: { ...this.headers(), ...framingHeaders(sent) }, body: sent })
    const response = await handlers[method](request, { params: Promise.resolve({ slug }) })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers }
  }

  /** `POST /api{path}` with a multipart form (the browser sets the boundary), e.g. a file upload. */
  async postForm<T = Json>(
    path: string,
    form: FormData,
    extraHeaders: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(`http://localhost:3000/api${path}`)
    const slug = routeSlug(url)
    const headers: Record<string, string> = {
      ...(this.token ? { authorization: `JWT ${this.token}` } : {}),
      ...this.extraHeaders,
      ...extraHeaders,
    }
    const request = new Request(url, { method: 'POST', headers, body: form })
    const response = await handlers.POST(request, { params: Promise.resolve({ slug }) })
    const text = await response.text()
    const isJson = response.headers.get('content-type')?.includes('json')
    return {
      status: response.status,
      body: text && isJson ? JSON.parse(text) : text,
      headers: response.headers,
    }
  }

  /** `GET /api{path}` returning the raw response text (CSV downloads). */
  async getText(
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string; headers: Headers }> {
    const url = new URL(`http://localhost:3000/api${path}`)
    const slug = routeSlug(url)
    const request = new Request(url, { method: 'GET', headers: { ...this.headers(), ...headers } })
    const response = await handlers.GET(request, { params: Promise.resolve({ slug }) })
    return { status: response.status, text: await response.text(), headers: response.headers }
  }

  /**
   * `METHOD /api{path}` with a raw body of the given type (or none): malformed requests as an
   * attacker sends them. `/graphql` goes to the GraphQL route.
   */
  async sendRaw(
    method: Method,
    path: string,
    body: BodyInit | undefined,
    contentType: string | undefined,
  ): Promise<{ status: number; text: string; headers: Headers }> {
    const url = new URL(`http://localhost:3000/api${path}`)
    const slug = routeSlug(url)
    const headers = { ...this.headers() } as Record<string, string>
    delete headers['content-type']
    if (contentType !== undefined) headers['content-type'] = contentType
    const request = new Request(url, {
      method,
      headers: { ...headers, ...framingHeaders(body) },
      body,
      duplex: 'half',
    } as RequestInit)
    const response =
      path === '/graphql'
        ? await graphqlHandler(request)
        : await handlers[method](request, { params: Promise.resolve({ slug }) })
    return { status: response.status, text: await response.text(), headers: response.headers }
  }

  /** `GET /api{path}`. */
  get<T = Json>(path: string): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path)
  }

  /** `POST /api{path}` with a JSON body. */
  post<T = Json>(path: string, body: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, body)
  }

  /** `PATCH /api{path}` with a JSON body. */
  patch<T = Json>(path: string, body: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('PATCH', path, body)
  }

  /** `DELETE /api{path}`. */
  delete<T = Json>(path: string): Promise<ApiResponse<T>> {
    return this.request<T>('DELETE', path)
  }

  /** `POST /api/graphql`. */
  async graphql<T = Json>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<ApiResponse<{ data?: T; errors?: Array<{ message: string }> }>> {
    const request = new Request('http://localhost:3000/api/graphql', {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ query, variables }),
    })
    const response = await graphqlHandler(request)
    return { status: response.status, body: await response.json(), headers: response.headers }
  }
}

/** An anonymous caller. */
export const anonymous = new ApiClient()
