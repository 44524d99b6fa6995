import { API } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, body, DATABASES, startSignedIn, type TestApp } from '../../support/app';

// The filter option lists of the participant list (DESIGN §4): perwapus › cabang › ranting › rayon,
// by name. A committee admin gets every region of the organisation; an examiner who is not admin
// gets only their own perwapus and cabang, the ones the list locks them to (SPEC §6). The demo has
// 2 perwapus › 4 cabang › 8 ranting › 16 rayon; its examiners sit in the first perwapus and cabang.

type Option = Record<string, string>;

describe.each(DATABASES)('region options on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let siti: string;
  beforeAll(async () => {
    ({ t, admin, siti } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const options = async (token: string, path: string) => {
    const res = await api(t, token, 'GET', path);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data as Option[];
  };
  const perwapusOf = async (name: string) =>
    (await options(admin, API.perwapus.href())).find((p) => p.perwapus === name)?.id_perwapus;

  it('gives an admin every perwapus of the organisation, by name, with its id as text', async () => {
    const perwapus = await options(admin, API.perwapus.href());
    expect(perwapus.map((p) => p.perwapus)).toEqual(['Perwapus Madiun Raya', 'Perwapus Surabaya Raya']);
    for (const p of perwapus) expect(p.id_perwapus).toMatch(/^\d+$/);
  });

  it('gives an admin the cabang of one perwapus when asked, and of every perwapus when not', async () => {
    const surabaya = await perwapusOf('Perwapus Surabaya Raya');
    const some = await options(admin, `${API.cabang.href()}?id_perwapus=${surabaya}`);
    expect(some.map((c) => c.cabang)).toEqual(['Cabang Sidoarjo', 'Cabang Surabaya']);
    const all = await options(admin, API.cabang.href());
    expect(all.map((c) => c.cabang)).toEqual([
      'Cabang Kota Madiun',
      'Cabang Ponorogo',
      'Cabang Sidoarjo',
      'Cabang Surabaya',
    ]);
  });

  it('gives the ranting of a cabang and the rayon of a ranting, and none without the parent', async () => {
    const cabang = (await options(admin, API.cabang.href())).find((c) => c.cabang === 'Cabang Ponorogo');
    const ranting = await options(admin, `${API.ranting.href()}?id_cabang=${cabang?.id_cabang}`);
    expect(ranting.map((r) => r.ranting)).toEqual(['Ranting Babadan', 'Ranting Jenangan']);
    const babadan = ranting[0]?.id_ranting;
    const rayon = await options(admin, `${API.rayon.href()}?id_ranting=${babadan}`);
    expect(rayon.map((r) => r.rayon)).toEqual(['Rayon Kertosari', 'Rayon Patihan Wetan']);
    for (const r of rayon) expect(r.id).toMatch(/^\d+$/);
    expect(await options(admin, API.ranting.href())).toEqual([]);
    expect(await options(admin, API.rayon.href())).toEqual([]);
  });

  it('locks an examiner who is not admin to their own perwapus and cabang, whatever they ask', async () => {
    expect((await options(siti, API.perwapus.href())).map((p) => p.perwapus)).toEqual([
      'Perwapus Madiun Raya',
    ]);
    const surabaya = await perwapusOf('Perwapus Surabaya Raya');
    const cabang = await options(siti, `${API.cabang.href()}?id_perwapus=${surabaya}`);
    expect(cabang.map((c) => c.cabang)).toEqual(['Cabang Kota Madiun']);
    const sidoarjo = (await options(admin, API.cabang.href())).find((c) => c.cabang === 'Cabang Sidoarjo');
    const ranting = await options(siti, `${API.ranting.href()}?id_cabang=${sidoarjo?.id_cabang}`);
    expect(ranting.map((r) => r.ranting)).toEqual(['Ranting Kartoharjo', 'Ranting Taman']);
  });

  it('answers 401 without a session', async () => {
    for (const path of [API.perwapus.href(), API.cabang.href(), API.ranting.href(), API.rayon.href()]) {
      expect((await api(t, undefined, 'GET', path)).statusCode, path).toBe(401);
    }
  });
});
