import { describe, expect, it } from 'vitest';
import { fetchWithUploadProgress, type XhrLike } from './upload-progress';

/** An XMLHttpRequest stand-in the test drives: progress events, then the answer. */
class FakeXhr implements XhrLike {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown = undefined;
  aborted = false;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  rawHeaders = '';
  upload: XhrLike['upload'] = { onprogress: null };
  onload: XhrLike['onload'] = null;
  onerror: XhrLike['onerror'] = null;
  onabort: XhrLike['onabort'] = null;
  open(method: string, url: string | URL) {
    this.method = method;
    this.url = String(url);
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body?: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.call(this as unknown as XMLHttpRequest, new ProgressEvent('abort'));
  }
  getAllResponseHeaders() {
    return this.rawHeaders;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.call(
      this.upload as unknown as XMLHttpRequest,
      new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
    );
  }
  answer(status: number, body: string, headers = 'content-type: application/json\r\n') {
    this.status = status;
    this.responseText = body;
    this.rawHeaders = headers;
    this.onload?.call(this as unknown as XMLHttpRequest, new ProgressEvent('load'));
  }
}

describe('fetchWithUploadProgress', () => {
  it('sends the request as given and reports the percentage sent, then answers a Response', async () => {
    const xhr = new FakeXhr();
    const seen: number[] = [];
    const send = fetchWithUploadProgress(
      (p) => seen.push(p),
      () => xhr,
    );
    const form = new FormData();
    form.append('file', new Blob(['zip']), 'a.zip');
    const pending = send('/api/cohorts/k1/lessons/l1/project/submission', {
      method: 'POST',
      headers: { Authorization: 'Bearer t', 'X-Requested-With': 'school-web' },
      body: form,
      credentials: 'include',
    });
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/cohorts/k1/lessons/l1/project/submission', withCredentials: true });
    expect(xhr.headers).toEqual({ authorization: 'Bearer t', 'x-requested-with': 'school-web' });
    expect(xhr.sent).toBe(form);
    xhr.progress(0, 400);
    xhr.progress(100, 400);
    xhr.progress(399, 400);
    xhr.progress(400, 400);
    xhr.answer(201, '{"data":{"ok":true}}');
    const res = await pending;
    expect(seen).toEqual([0, 25, 99, 100]);
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ data: { ok: true } });
  });

  it('passes an error answer through and rejects when the network fails', async () => {
    const xhr = new FakeXhr();
    const pending = fetchWithUploadProgress(
      () => {},
      () => xhr,
    )('/api/x', { method: 'POST', body: 'b' });
    xhr.answer(413, '{"message":"Too large"}');
    const res = await pending;
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Too large' });

    const failing = new FakeXhr();
    const broken = fetchWithUploadProgress(
      () => {},
      () => failing,
    )('/api/x', { method: 'POST', body: 'b' });
    failing.onerror?.call(failing as unknown as XMLHttpRequest, new ProgressEvent('error'));
    await expect(broken).rejects.toThrow('The upload failed.');
  });

  it('aborts the request when its signal aborts', async () => {
    const xhr = new FakeXhr();
    const controller = new AbortController();
    const pending = fetchWithUploadProgress(
      () => {},
      () => xhr,
    )('/api/x', { method: 'POST', body: 'b', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });
});
