/**
 * The shared request helper (contract §5–§7), on ky: get/post/put/patch/delete
 * to the API base plus a route, with the stored accessToken, the session data
 * merged into bodies, no timeout, 2xx as success, and failures rejected with
 * the HTTP response.
 */
import ky, { isHTTPError, type KyInstance } from 'ky';
import { HTTP_METHODS, type HttpMethod } from '~/lib/shared/constants';
import { REQUEST_HELPER_ERRORS, RequestHelperError } from '~/lib/shared/errors';
import { readAccessData, readCurrentSettings, type KeyValueStorage } from './storage';

export type RequestBody = Record<string, unknown> | FormData;

export interface RequestArgs {
  method: string;
  route: string;
  body?: RequestBody;
  /** Aborts the request (an island that no longer needs the answer). */
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  baseUrl: string;
  storage: KeyValueStorage;
  fetch?: typeof fetch;
  /** Runs when a response is 403 (the contract's session removal and reload). */
  onForbidden(): void;
  /** Runs when no accessData is stored (the contract's session-clearing action). */
  onMissingAccessData(): void;
  /** XMLHttpRequest for `upload` (tests pass a fake). */
  xhr?: typeof XMLHttpRequest;
}

const BODY_METHODS: readonly HttpMethod[] = ['post', 'put', 'patch'];

const isMethod = (value: string): value is HttpMethod => (HTTP_METHODS as readonly string[]).includes(value);

/** A failed response whose body ky already consumed, rebuilt from what it read (`data`: parsed JSON, text, or undefined). */
function readableCopy(response: Response, data: unknown): Response {
  if (!response.bodyUsed) return response;
  const body = data === undefined || response.status === 204 ? null : typeof data === 'string' ? data : JSON.stringify(data);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function readResponseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const type = response.headers.get('content-type') ?? '';
  // JSON, but not a stream of JSON lines (application/x-ndjson), which the caller reads line by line.
  return /^application\/([\w.-]+\+)?json\b/.test(type) ? response.json() : response.text();
}

export interface ApiClient {
  request<T = unknown>(args: RequestArgs): Promise<T>;
  get<T = unknown>(route: string, options?: { signal?: AbortSignal }): Promise<T>;
  post<T = unknown>(route: string, body?: RequestBody): Promise<T>;
  put<T = unknown>(route: string, body?: RequestBody): Promise<T>;
  patch<T = unknown>(route: string, body?: RequestBody): Promise<T>;
  delete<T = unknown>(route: string): Promise<T>;
  /**
   * POSTs a FormData (a file) with the same headers and session fields as
   * `post`, reporting the share sent (0–1) as it goes; rejects with a
   * Response like every other call. Uses XMLHttpRequest: fetch cannot report
   * upload progress over HTTP/1.1.
   */
  upload<T = unknown>(route: string, body: FormData, onProgress: (sent: number) => void, options?: UploadOptions): Promise<T>;
}

export interface UploadOptions {
  /** The Accept header (a streamed answer, e.g. application/x-ndjson). */
  accept?: string;
  /** Called with the answer received so far, while it streams in. */
  onResponseText?(textSoFar: string): void;
}

/** Builds a request helper over a storage and a base address. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http: KyInstance = ky.create({
    ...(options.baseUrl ? { prefix: options.baseUrl } : {}),
    timeout: false,
    retry: 0,
    throwHttpErrors: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      afterResponse: [
        ({ response }) => {
          if (response.status === 403) options.onForbidden();
        },
      ],
    },
  });

  async function request<T>({ method, route, body, signal }: RequestArgs): Promise<T> {
    if (typeof method !== 'string' || !method || typeof route !== 'string' || !route) {
      throw new RequestHelperError(REQUEST_HELPER_ERRORS.missingArguments);
    }
    const verb = method.toLowerCase();
    if (!isMethod(verb)) throw new RequestHelperError(REQUEST_HELPER_ERRORS.invalidMethod);
    const access = readAccessData(options.storage);
    if (!access) {
      options.onMissingAccessData();
      throw new RequestHelperError(REQUEST_HELPER_ERRORS.missingAccessData);
    }

    const headers: Record<string, string> = {};
    if (access.accessToken) headers.Authorization = `Bearer ${access.accessToken}`;
    const lang = readCurrentSettings(options.storage)?.lang;
    if (lang) headers['Accept-Language'] = lang;

    let payload: { json?: unknown; body?: FormData } = {};
    if (BODY_METHODS.includes(verb)) {
      if (body instanceof FormData) {
        body.append('idUser', String(access.idUser));
        body.append('idTrainingPath', access.idTrainingPath === null ? '' : String(access.idTrainingPath));
        payload = { body };
      } else {
        payload = { json: { idUser: access.idUser, idTrainingPath: access.idTrainingPath, ...(body ?? {}) } };
      }
    }

    try {
      const response = await http(route, { method: verb, headers, ...payload, ...(signal ? { signal } : {}) });
      return (await readResponseBody(response)) as T;
    } catch (error) {
      // Failures reject with the HTTP response itself (contract §8). ky 2 has already read its body into
      // `error.data`: the rejection carries a copy whose body can still be read (the field messages).
      if (isHTTPError(error)) throw readableCopy(error.response, error.data);
      throw error;
    }
  }

  function upload<T>(route: string, body: FormData, onProgress: (sent: number) => void, uploadOptions: UploadOptions = {}): Promise<T> {
    const access = readAccessData(options.storage);
    if (!access) {
      options.onMissingAccessData();
      return Promise.reject(new RequestHelperError(REQUEST_HELPER_ERRORS.missingAccessData));
    }
    body.append('idUser', String(access.idUser));
    body.append('idTrainingPath', access.idTrainingPath === null ? '' : String(access.idTrainingPath));
    const lang = readCurrentSettings(options.storage)?.lang;
    const Request = options.xhr ?? XMLHttpRequest;
    return new Promise<T>((resolve, reject) => {
      const xhr = new Request();
      xhr.open('POST', `${options.baseUrl}${route}`);
      if (access.accessToken) xhr.setRequestHeader('Authorization', `Bearer ${access.accessToken}`);
      if (lang) xhr.setRequestHeader('Accept-Language', lang);
      if (uploadOptions.accept) xhr.setRequestHeader('Accept', uploadOptions.accept);
      const { onResponseText } = uploadOptions;
      if (onResponseText) xhr.onprogress = () => xhr.status >= 200 && xhr.status < 300 && onResponseText(xhr.responseText);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onerror = () => reject(new TypeError('Network error'));
      xhr.onload = () => {
        const headers = new Headers();
        const type = xhr.getResponseHeader('content-type');
        if (type) headers.set('content-type', type);
        const response = new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers });
        if (xhr.status === 403) options.onForbidden();
        if (xhr.status < 200 || xhr.status >= 300) return reject(response);
        onProgress(1);
        resolve(readResponseBody(response) as Promise<T>);
      };
      xhr.send(body);
    });
  }

  return {
    request,
    upload,
    get: (route, requestOptions) => request({ method: 'get', route, signal: requestOptions?.signal }),
    post: (route, body) => request({ method: 'post', route, body }),
    put: (route, body) => request({ method: 'put', route, body }),
    patch: (route, body) => request({ method: 'patch', route, body }),
    delete: (route) => request({ method: 'delete', route }),
  };
}
