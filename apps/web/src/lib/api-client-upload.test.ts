import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, MemoryStorage, stubFetch } from '../test/fake-server';
import { api, isApiError, setSessionExpiredHandler, stopTokenRefreshTimer } from './api-client';
import { saveTokens } from './session';

/** XMLHttpRequest as api.upload uses it: answers with the statuses queued, sending progress first. */
class FakeXhr {
  static answers: { status: number; body: unknown }[] = [];
  static sent: { url: string; auth: string | undefined }[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send() {
    FakeXhr.sent.push({ url: this.url, auth: this.headers.Authorization });
    const answer = FakeXhr.answers.shift() ?? { status: 500, body: null };
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 } as ProgressEvent);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 } as ProgressEvent);
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    });
  }
  abort() {
    this.onabort?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.sent = [];
  setSessionExpiredHandler(vi.fn());
  saveTokens({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900 });
});

afterEach(() => {
  stopTokenRefreshTimer();
  vi.unstubAllGlobals();
});

describe('api.upload', () => {
  it('sends the form with the Bearer token and reports the upload progress', async () => {
    FakeXhr.answers = [{ status: 201, body: { id: 'u1' } }];
    const progress: number[] = [];
    const result = await api.upload('/vendors/v1/upload/image', new FormData(), {
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ id: 'u1' });
    expect(progress).toEqual([30, 100]);
    expect(FakeXhr.sent).toEqual([{ url: '/api/v1/vendors/v1/upload/image', auth: 'Bearer access-1' }]);
  });

  it('refreshes the token once on a 401 and sends the form again', async () => {
    FakeXhr.answers = [
      { status: 401, body: { error: { code: 'TOKEN_INVALID', message: 'x' } } },
      { status: 201, body: { id: 'u1' } },
    ];
    stubFetch(() => json({ accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 }));
    await expect(api.upload('/x', new FormData())).resolves.toEqual({ id: 'u1' });
    expect(FakeXhr.sent.map((s) => s.auth)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it("rejects with the server's error code and message", async () => {
    FakeXhr.answers = [
      { status: 400, body: { error: { code: 'MEDIA_INVALID', message: 'Some files are invalid.' } } },
    ];
    const error = await api.upload('/x', new FormData()).catch((e: unknown) => e);
    expect(isApiError(error) && [error.status, error.code, error.message]).toEqual([
      400,
      'MEDIA_INVALID',
      'Some files are invalid.',
    ]);
  });
});
