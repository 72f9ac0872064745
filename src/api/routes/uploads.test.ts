import { expect, it } from 'vitest';
import { ADMIN, MEMBER2 } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import {
  basicAuth,
  describeTransports,
  TEST_START_MS,
  type TransportContext,
} from '../../testing/transports.js';
import { DEV_UPLOAD_TEXT } from '../../fixtures/dev-realm-profiles.js';

/** Owner of the dev realm's uploaded file. */
const UPLOADER = 'aaron@svc.test';
const BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);

/** A multipart body with the given files (and one plain field), serialized once for every transport. */
async function multipart(files: Array<[string, Uint8Array, string]>): Promise<RequestInit> {
  const form = new FormData();
  form.append('note', 'not a file');
  for (const [name, bytes, type] of files)
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    method: 'POST',
    headers: { 'content-type': request.headers.get('content-type')! },
    body: new Uint8Array(await request.arrayBuffer()),
  };
}

async function upload(t: TransportContext, email: string, files: Array<[string, Uint8Array, string]>) {
  const init = await multipart(files);
  (init.headers as Record<string, string>).authorization = basicAuth(t.app, email);
  const response = await t.raw('/api/v1/user_uploads', init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describeTransports('file uploads', (t) => {
  const fetchFile = (path: string, email?: string) =>
    t().raw(path, email ? { headers: { authorization: basicAuth(t().app, email) } } : {});

  it('stores one file and serves it back at the answered URL with its content type', async () => {
    const res = await upload(t(), UPLOADER, [['my pic.png', BYTES, 'image/png']]);
    expect(res.status).toBe(200);
    const url = res.body.url as string;
    expect(url).toMatch(/^\/user_uploads\/2\/[A-Za-z0-9]{2}\/[A-Za-z0-9]{24}\/my-pic\.png$/);
    // The plain form field is not a parameter of the endpoint: the server reports it, never the file part.
    expect(res.body).toEqual({
      result: 'success',
      msg: '',
      uri: url,
      url,
      filename: 'my pic.png',
      ignored_parameters_unsupported: ['note'],
    });
    const file = await fetchFile(url, UPLOADER);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(BYTES);
  });

  it('lists the upload in GET /attachments and sends attachment/add to the owner only', async () => {
    const queue = await registerQueue(t().as(UPLOADER), { event_types: ['attachment'] });
    const other = await registerQueue(t().as(MEMBER2), { event_types: ['attachment'] });
    const res = await upload(t(), UPLOADER, [['notes.txt', BYTES, 'text/plain']]);
    const pathId = (res.body.url as string).slice('/user_uploads/'.length);
    const listed = await t().as(UPLOADER).get('attachments');
    const attachment = {
      id: 2,
      name: 'notes.txt',
      path_id: pathId,
      size: BYTES.length,
      create_time: TEST_START_MS / 1000,
      message_ids: [],
    };
    expect(listed.body.attachments).toEqual([expect.objectContaining({ id: 1 }), attachment]);
    expect(listed.body.upload_space_used).toBe(DEV_UPLOAD_TEXT.length + BYTES.length);
    const events = (await pollNow(t().as(UPLOADER), queue, -1)).body.events;
    expect(events).toEqual([
      {
        id: 0,
        type: 'attachment',
        op: 'add',
        attachment,
        upload_space_used: DEV_UPLOAD_TEXT.length + BYTES.length,
      },
    ]);
    expect((await pollNow(t().as(MEMBER2), other, -1)).body.events).toEqual([]);
  });

  it('serves a file to readers of a message that links it, and hides it from others', async () => {
    const res = await upload(t(), UPLOADER, [['plan.txt', BYTES, 'text/plain']]);
    const url = res.body.url as string;
    expect((await fetchFile(url, MEMBER2)).status).toBe(404);
    const sent = await t()
      .as(UPLOADER)
      .post('messages', {
        type: 'private',
        to: [t().app.store.state.usersByEmail.get(MEMBER2)!.user_id],
        content: `[plan](${url})`,
      });
    expect(sent.status).toBe(200);
    expect((await fetchFile(url, MEMBER2)).status).toBe(200);
    expect((await fetchFile(url, ADMIN)).status).toBe(404);
    const listed = await t().as(UPLOADER).get('attachments');
    const mine = listed.body.attachments.find((a: { path_id: string }) => url.endsWith(a.path_id));
    expect(mine.message_ids).toEqual([sent.body.id]);
    const narrow = await t()
      .as(MEMBER2)
      .get('messages', {
        anchor: 'newest',
        num_before: 5,
        num_after: 0,
        narrow: [{ operator: 'has', operand: 'attachment' }],
      });
    expect(narrow.body.messages.map((m: { id: number }) => m.id)).toContain(sent.body.id);
  });

  it('sends attachment/update when the owner sends a message linking the file or edits the link away', async () => {
    const path = '2/4e/Xk2vR9qLm0sTbW7cYd3FhJ5a/guard-rota.txt';
    const queue = await registerQueue(t().as(UPLOADER), { event_types: ['attachment'] });
    const sent = await t()
      .as(UPLOADER)
      .post('messages', {
        type: 'stream',
        to: 'Verona',
        topic: 'rota',
        content: `[rota](/user_uploads/${path})`,
      });
    expect(sent.status).toBe(200);
    const edit = await t().as(UPLOADER).patch(`messages/${sent.body.id}`, { content: 'never mind' });
    expect(edit.status).toBe(200);
    const events = (await pollNow(t().as(UPLOADER), queue, -1)).body.events;
    expect(
      events.map((e: { op: string; attachment: { message_ids: unknown[] } }) => [
        e.op,
        e.attachment.message_ids,
      ]),
    ).toEqual([
      ['update', [sent.body.id]],
      ['update', []],
    ]);
  });

  it('accepts ?api_key= instead of Basic auth, and refuses a request without credentials', async () => {
    const owner = t().app.store.state.usersByEmail.get(UPLOADER)!;
    const path = '/user_uploads/2/4e/Xk2vR9qLm0sTbW7cYd3FhJ5a/guard-rota.txt';
    const file = await fetchFile(`${path}?api_key=${owner.api_key}`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(DEV_UPLOAD_TEXT);
    const anonymous = await fetchFile(path);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: string }).code).toBe('UNAUTHORIZED');
    expect((await fetchFile(`${path}?api_key=${'x'.repeat(32)}`)).status).toBe(401);
  });

  it('answers a temporary URL that serves the file without credentials for 60 seconds', async () => {
    const path = '2/4e/Xk2vR9qLm0sTbW7cYd3FhJ5a/guard-rota.txt';
    expect((await t().as(MEMBER2).get(`user_uploads/${path}`)).status).toBe(404);
    const res = await t().as(UPLOADER).get(`user_uploads/${path}`);
    expect(res.body.url).toMatch(/^\/user_uploads\/temporary\/[A-Za-z0-9]{32}\/guard-rota\.txt$/);
    const file = await fetchFile(res.body.url as string);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(DEV_UPLOAD_TEXT);
    const wrongName = (res.body.url as string).replace(/guard-rota\.txt$/, 'other.txt');
    expect((await fetchFile(wrongName)).status).toBe(404);
    await t().clock.advance(60_000);
    expect((await fetchFile(res.body.url as string)).status).toBe(404);
  });

  const refused: Array<[string, Array<[string, Uint8Array, string]>, string]> = [
    ['no file', [], 'You must specify a file to upload'],
    [
      'two files',
      [
        ['a.txt', BYTES, 'text/plain'],
        ['b.txt', BYTES, 'text/plain'],
      ],
      'You may only upload one file at a time',
    ],
  ];
  for (const [what, files, msg] of refused) {
    it(`refuses ${what} and stores nothing`, async () => {
      const res = await upload(t(), UPLOADER, files);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
      expect(t().app.store.state.uploads.size).toBe(1);
    });
  }

  it('refuses a form body without a file part', async () => {
    const res = await t().as(UPLOADER).post('user_uploads', { file: 'text' });
    expect(res.body).toMatchObject({ result: 'error', msg: 'You must specify a file to upload' });
  });

  it('deletes an attachment: its URL stops answering and attachment/remove reaches the owner', async () => {
    const queue = await registerQueue(t().as(UPLOADER), { event_types: ['attachment'] });
    const path = '/user_uploads/2/4e/Xk2vR9qLm0sTbW7cYd3FhJ5a/guard-rota.txt';
    expect((await t().as(ADMIN).delete('attachments/1')).body).toMatchObject({ msg: 'Invalid attachment' });
    expect((await t().as(UPLOADER).delete('attachments/99')).body).toMatchObject({
      msg: 'Invalid attachment',
    });
    expect(t().app.store.state.uploads.size).toBe(1);
    expect((await t().as(UPLOADER).delete('attachments/1')).status).toBe(200);
    expect((await fetchFile(path, UPLOADER)).status).toBe(404);
    expect((await t().as(UPLOADER).get('attachments')).body).toMatchObject({
      attachments: [],
      upload_space_used: 0,
    });
    const events = (await pollNow(t().as(UPLOADER), queue, -1)).body.events;
    expect(events).toEqual([
      { id: 0, type: 'attachment', op: 'remove', attachment: { id: 1 }, upload_space_used: 0 },
    ]);
  });

  it('puts the caller’s attachments in the register snapshot', async () => {
    const res = await t()
      .as(UPLOADER)
      .post('register', { fetch_event_types: ['attachments'] });
    expect(res.body.attachments).toEqual([
      expect.objectContaining({ id: 1, name: 'guard rota.txt', size: DEV_UPLOAD_TEXT.length }),
    ]);
    const other = await t()
      .as(ADMIN)
      .post('register', { fetch_event_types: ['attachments'] });
    expect(other.body.attachments).toEqual([]);
  });
});

describeTransports(
  'file uploads over the storage limit',
  (t) => {
    it('refuses an upload past maxUploadStorage and keeps the stored files', async () => {
      const res = await upload(t(), UPLOADER, [['big.bin', new Uint8Array(100), 'application/octet-stream']]);
      expect(res.body).toEqual({
        result: 'error',
        msg: "Upload would exceed your organization's upload quota.",
        code: 'BAD_REQUEST',
      });
      expect(t().app.store.state.uploads.size).toBe(1);
    });
  },
  { limits: { maxUploadStorage: DEV_UPLOAD_TEXT.length + 50 } },
);

describeTransports(
  'file upload body limits',
  (t) => {
    it('takes upload bodies up to maxUploadBody, not only maxBody', async () => {
      const res = await upload(t(), UPLOADER, [
        ['mid.bin', new Uint8Array(2000), 'application/octet-stream'],
      ]);
      expect(res.status).toBe(200);
      const ordinary = await t()
        .as(UPLOADER)
        .post('messages', { type: 'stream', to: 'Verona', topic: 'x', content: 'y'.repeat(1500) });
      expect(ordinary.status).toBe(413);
    });

    it('answers 413 past maxUploadBody and stores nothing', async () => {
      const res = await upload(t(), UPLOADER, [
        ['big.bin', new Uint8Array(5000), 'application/octet-stream'],
      ]);
      expect(res.status).toBe(413);
      expect(t().app.store.state.uploads.size).toBe(1);
    });
  },
  { limits: { maxBody: 1000, maxUploadBody: 4000 } },
);

// Each level where the answer changed, and the level just below it.
const SHAPES: Array<[number, string[]]> = [
  [271, ['uri']],
  [272, ['uri', 'url']],
  [285, ['uri', 'url']],
  [286, ['filename', 'uri', 'url']],
];
for (const [level, keys] of SHAPES) {
  describeTransports(
    `file uploads at feature level ${level}`,
    (t) => {
      it(`answers ${keys.join(', ')}`, async () => {
        const res = await upload(t(), UPLOADER, [['a.txt', BYTES, 'text/plain']]);
        const answered = Object.keys(res.body).filter((k) => !['result', 'msg'].includes(k));
        expect(answered.sort()).toEqual(['ignored_parameters_unsupported', ...keys].sort());
      });
    },
    { featureLevel: level },
  );
}
