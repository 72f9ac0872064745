/** Requests outside the table: sent as any account (the keeper too), for the leak checks around the matrix. */
import type { Mock } from '../../mock/create-mock.js';

/** Sends a request as the user `userId` (undefined: no credentials) and returns status and text. */
export async function sendAs(
  mock: Mock,
  userId: number | undefined,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
): Promise<{ status: number; text: string }> {
  const form = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
  const headers: Record<string, string> = {};
  if (userId !== undefined) {
    const user = mock.store.state.users.get(userId)!;
    headers.authorization = `Basic ${btoa(`${user.delivery_email}:${user.api_key}`)}`;
  }
  const isGet = method === 'GET';
  if (!isGet) headers['content-type'] = 'application/x-www-form-urlencoded';
  const url = `http://localhost:9991/api/v1/${path}${isGet && form ? `?${form}` : ''}`;
  const response = await mock.fetch(new Request(url, { method, headers, ...(isGet ? {} : { body: form }) }));
  return { status: response.status, text: await response.text() };
}
