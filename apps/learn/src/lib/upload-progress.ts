/** What the helper needs of an XMLHttpRequest (so tests can hand in a fake). */
export type XhrLike = Pick<
  XMLHttpRequest,
  | 'open'
  | 'send'
  | 'abort'
  | 'setRequestHeader'
  | 'getAllResponseHeaders'
  | 'status'
  | 'statusText'
  | 'responseText'
  | 'withCredentials'
  | 'onload'
  | 'onerror'
  | 'onabort'
> & { upload: Pick<XMLHttpRequestUpload, 'onprogress'> };

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * A `fetch` for uploads built on XMLHttpRequest, whose upload reports progress (fetch cannot):
 * `onProgress` gets the whole percentage sent, 0 to 100. Hand it to the typed client's `upload`.
 */
export function fetchWithUploadProgress(
  onProgress: (percent: number) => void,
  createXhr: () => XhrLike = () => new XMLHttpRequest(),
): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      if (signal?.aborted) {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
        return;
      }
      const xhr = createXhr();
      xhr.open(init.method ?? 'GET', input instanceof Request ? input.url : String(input));
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.withCredentials = init.credentials === 'include';
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
      };
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.onload = () => {
        signal?.removeEventListener('abort', onAbort);
        const body = NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText;
        resolve(
          new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: responseHeaders(xhr.getAllResponseHeaders()) }),
        );
      };
      xhr.onerror = () => {
        signal?.removeEventListener('abort', onAbort);
        reject(new TypeError('The upload failed.'));
      };
      xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
