/** A response as the tests look at it. */
export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * A browser-like HTTP client for the tests: keeps cookies, reads the CSRF token from the pages
 * the server renders, and sends the headers the web app sends (X-Requested-With, X-CSRF-Token,
 * X-Edit-Token).
 */
export class HttpClient {
  private cookies = new Map<string, string>();
  csrfToken: string | undefined;
  editToken: string | undefined;

  constructor(readonly baseUrl: string) {}

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The same browser (cookies, tokens) talking to another server, e.g. a second API process. */
  at(baseUrl: string): HttpClient {
    const other = new HttpClient(baseUrl);
    other.cookies = this.cookies;
    other.csrfToken = this.csrfToken;
    other.editToken = this.editToken;
    return other;
  }

  /** The session cookie's value (to check that login changes it). */
  sessionId(): string | undefined {
    return this.cookies.get('fragewerk.sid');
  }

  async raw(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> } = {},
  ): Promise<TestResponse> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: { cookie: this.cookieHeader(), ...init.headers },
      body: init.body,
    });
    this.remember(response);
    const text = await response.text();
    const token = text.match(/<meta name="csrf-token" content="([^"]+)"/)?.[1];
    if (token) this.csrfToken = token;
    let body: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body, text };
  }

  /** A download as bytes (a raw() answer's text would garble a binary file), with the share token. */
  async bytes(path: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      redirect: 'manual',
      headers: {
        cookie: this.cookieHeader(),
        ...(this.editToken ? { 'x-edit-token': this.editToken } : {}),
      },
    });
    this.remember(response);
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
  }

  /** A JSON API call the way the web app makes it. */
  api<T = { data?: unknown; message?: string; errors?: Record<string, string[]> }>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    return this.raw(method, `/api${path}`, {
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {}),
        ...(this.editToken ? { 'x-edit-token': this.editToken } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }) as Promise<TestResponse<T>>;
  }

  /** Sends raw bytes of `type` (a logo upload) with the headers the app sends. */
  upload(method: string, path: string, body: Uint8Array<ArrayBuffer> | string, type: string) {
    return this.raw(method, `/api${path}`, {
      headers: {
        accept: 'application/json',
        'content-type': type,
        'x-requested-with': 'XMLHttpRequest',
        'x-csrf-token': this.csrfToken ?? '',
      },
      body,
    });
  }

  /** Loads a page (to get a session and its CSRF token), like a browser opening it. */
  page(path: string) {
    return this.raw('GET', path);
  }

  /** Submits a server-rendered form with its CSRF token (`headers`: e.g. a proxy's X-Forwarded-For). */
  async form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    if (!this.csrfToken) await this.page(path === '/login' ? '/login' : path);
    return this.raw('POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ _csrf: this.csrfToken ?? '', ...fields }).toString(),
    });
  }
}
