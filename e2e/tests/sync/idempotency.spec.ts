import { apiLogin } from '../../support/api';
import { ADMIN } from '../../support/examiners';
import { expect, test } from '../../support/fixtures';
import { auditCount } from '../../support/sync';

/** POSTs a score with an Idempotency-Key, as the outbox does. */
async function post(baseURL: string, token: string, key: string, body: unknown) {
  const res = await fetch(`${baseURL}/uktNEW/api/DataSiswa/NilaiSiswa`, {
    method: 'POST',
    headers: { 'access-token': token, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), text: await res.text() };
}

test('the same request replayed with the same key writes once; another body with that key is refused', async ({
  server,
}) => {
  const api = await apiLogin(server, ADMIN.noWa);
  const body = { id_siswa: 3, id_ukt: 1, id_tingkat: 1, nilai_kripen: 70, nilai_kripen_plus: 0 };
  const first = await post(server.baseURL, api.token, 'kunci-uji-1', body);
  expect(first.status).toBe(200);
  const again = await post(server.baseURL, api.token, 'kunci-uji-1', body);
  expect(again).toEqual({ status: 200, replayed: 'true', text: first.text });
  expect(auditCount(server, '3', 'nilai_kripen')).toBe(1);

  const other = await post(server.baseURL, api.token, 'kunci-uji-1', { ...body, nilai_kripen: 60 });
  expect(other.status).toBe(422);
  expect(JSON.parse(other.text).message).toContain('Idempotency-Key');
  const record = await api.get<{ data: { nilai_kripen: number } }>('/DataSiswa/NilaiSiswa', {
    id_siswa: 3,
    id_tingkat: 1,
    id_ukt: 1,
  });
  expect(record.body.data.nilai_kripen).toBe(70);
  expect(auditCount(server, '3', 'nilai_kripen')).toBe(1);
});
