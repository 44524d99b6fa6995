import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, API_PREFIX, IMPOR_JENIS, KOMPONEN } from '@ukt/core';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DATABASES, startSignedIn, type TestApp } from '../support/app';
import { multipartImages } from '../support/multipart';
import { findScopedExaminer } from '../support/scoped-examiner';

// Every text the committee console receives names fields as the committee knows them, never by
// their column or contract key (docs/decisions/107): every message of every console write route
// (and of every console read's query), and every header of the recap exports.

/** A JSON schema as the OpenAPI document holds it, as far as this test reads it. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  minItems?: number;
  minLength?: number;
  [key: string]: unknown;
}

interface Operation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: unknown };

/**
 * Values no field takes as they are: empty, too long, negative, fractional, the wrong type, a date
 * that is not one, an id nothing has.
 */
const WRONG: unknown[] = [
  '',
  99999,
  ' ',
  'x'.repeat(5000),
  -5,
  1.5,
  'abc',
  true,
  {},
  [],
  null,
  '2026-02-30',
  '28-11-2026',
  'a\u0000b',
];

/** A value the schema takes, so that a body's other fields pass and the one under test is reported. */
function validOf(schema: Schema | undefined): unknown {
  if (!schema) return 'Teks contoh';
  if (schema.anyOf?.[0]) return validOf(schema.anyOf[0]);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  if (type === 'array') return schema.minItems ? [validOf(schema.items)] : [];
  if (type === 'object') {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, validOf(s)]));
  }
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '2026-11-28';
  if (schema.pattern?.startsWith('^#')) return '#1a7f37';
  if (schema.pattern?.includes('\\d')) return '081234567890';
  return 'Teks contoh yang cukup panjang';
}

/** Bodies that each get one field wrong (nested one level: an item of a list, a field of a group). */
function wrongBodies(schema: Schema): unknown[] {
  const base = validOf(schema) as Record<string, unknown>;
  const bodies: unknown[] = [{}, [], 'teks'];
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    for (const wrong of WRONG) bodies.push({ ...base, [key]: wrong });
    const omitted = { ...base };
    delete omitted[key];
    bodies.push(omitted);
    const inner = field.items ?? field;
    for (const innerKey of Object.keys(inner.properties ?? {})) {
      const innerBase = validOf(inner) as Record<string, unknown>;
      for (const wrong of [...WRONG, undefined]) {
        const value = { ...innerBase, [innerKey]: wrong };
        bodies.push({ ...base, [key]: field.items ? [value, value] : value });
      }
    }
  }
  return bodies;
}

/** The words that name a field to a developer: every snake_case column, contract key and enum value. */
async function developerNames(t: TestApp): Promise<string[]> {
  const names = new Set<string>();
  for (const table of await t.app.db.introspection.getTables()) {
    for (const column of table.columns) names.add(column.name);
  }
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object') {
        for (const name of Object.keys(value)) names.add(name);
      }
      if (key === 'enum' && Array.isArray(value))
        for (const v of value) if (typeof v === 'string') names.add(v);
      if (key === 'parameters' && Array.isArray(value)) for (const p of value) names.add(String(p.name));
      walk(value);
    }
  };
  walk(t.app.swagger());
  return [...names].filter((name) => /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(name)).sort();
}

/** The developer names a text holds, as whole words. */
function namesIn(text: string, names: readonly string[]): string[] {
  return names.filter((name) => new RegExp(`(^|[^A-Za-z0-9_])${name}($|[^A-Za-z0-9_])`).test(text));
}

describe.each(DATABASES)('console texts on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let names: string[];
  let doc: OpenApi;
  let dir: string;
  const params: Record<string, string> = {
    id_ukt: '1',
    tingkat: '1',
    jenis: 'peserta',
    slot: 'logo',
    name: 'tidak-ada.tar.gz',
  };

  beforeAll(async () => {
    ({ t, admin } = await startSignedIn(kind));
    dir = mkdtempSync(join(tmpdir(), 'ukt-texts-'));
    await t.app.ready();
    doc = t.app.swagger() as unknown as OpenApi;
    names = await developerNames(t);
    const siswa = await t.app.db
      .selectFrom('siswa')
      .select('id_siswa')
      .where('id_ukt', '=', 1)
      .orderBy('id_siswa')
      .executeTakeFirstOrThrow();
    const penguji = await findScopedExaminer(t);
    const soal = await t.app.db
      .selectFrom('soal')
      .select('id_soal')
      .where('id_tingkat', '=', 1)
      .orderBy('id_soal')
      .executeTakeFirstOrThrow();
    params.id_siswa = String(siswa.id_siswa);
    params.id_pemilih = String(penguji.id_pemilih);
    params.id_soal = String(soal.id_soal);
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('knows the developer names to look for', () => {
    // The list comes from the database and the contract; these must be on it for the scan to mean anything.
    for (const name of [
      'nama_ukt',
      'tanggal_tes',
      'no_wa',
      'no_urut',
      'nilai_akhir',
      'id_ukt',
      'jawaban_benar',
    ]) {
      expect(names).toContain(name);
    }
    expect(namesIn('nama_ukt wajib diisi', names)).toEqual(['nama_ukt']);
    expect(namesIn('Nama UKT wajib diisi', names)).toEqual([]);
  });

  it('names no field by its key in any message of a console write route or console query', async () => {
    // Imports have their own case below: their messages come from the file's rows.
    const routes = Object.entries(doc.paths).filter(
      ([path]) =>
        path.startsWith(`${API_PREFIX}/panitia/`) && !path.startsWith(`${API_PREFIX}/panitia/impor/`),
    );
    expect(routes.length).toBeGreaterThan(15);
    /** Each offending message, once, with the first call that got it. */
    const found = new Map<string, string>();
    const messages = new Set<string>();
    let writes = 0;

    const send = async (method: string, path: string, route: string, sent: unknown, query = '') => {
      const res = await t.app.inject({
        method: method.toUpperCase() as 'POST',
        url: `${path}${query}`,
        headers: { 'access-token': admin },
        ...(sent === undefined ? {} : { payload: sent as Record<string, unknown> }),
      });
      expect(res.statusCode, `${method} ${path}${query}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (!String(res.headers['content-type'] ?? '').includes('json')) return;
      const message = (res.json() as { message?: unknown }).message;
      if (typeof message !== 'string') return;
      messages.add(message);
      if (namesIn(message, names).length && !found.has(message)) {
        found.set(message, `${method.toUpperCase()} ${route}${query} ${JSON.stringify(sent)?.slice(0, 100)}`);
      }
    };

    for (const [route, item] of routes) {
      for (const [method, op] of Object.entries(item)) {
        if (route.endsWith('/stream')) continue; // an endless event stream, no message to read
        const pathOf = (value: (name: string) => string) =>
          route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
        const path = pathOf((name) => params[name] ?? '1');
        const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
        const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
        const body = op.requestBody?.content?.['application/json']?.schema;
        const write = method !== 'get';
        if (write) writes++;

        // A path that is not one: every path parameter wrong.
        if (pathParams.length)
          await send(
            method,
            pathOf(() => 'x'),
            route,
            write ? {} : undefined,
          );
        // Each query parameter wrong in turn.
        for (const q of queryParams) {
          for (const wrong of ['x', '-1', '0.5', 'x'.repeat(300), '2026-02-30']) {
            await send(
              method,
              path,
              route,
              write && body ? validOf(body) : undefined,
              `?${q.name}=${encodeURIComponent(wrong)}`,
            );
          }
        }
        if (!write) continue;
        // No body, and each field of the body wrong in turn.
        await send(method, path, route, undefined);
        if (body) for (const sent of wrongBodies(body)) await send(method, path, route, sent);
        else await send(method, path, route, { x: 1 });
      }
    }

    expect(writes).toBeGreaterThan(10);
    expect(messages.size).toBeGreaterThan(60);
    expect(Object.fromEntries(found)).toEqual({});
    // None of the schema library's own sentences got through: they name no field, or not in Indonesian.
    const library = /Invalid|expected|Too (big|small)|Required|Input tidak valid|diharapkan/;
    expect([...messages].filter((m) => library.test(m))).toEqual([]);
  }, 240_000);

  it('heads every recap export with names the committee reads, and writes no key in it', async () => {
    const komponen = KOMPONEN.map((k) => k.label);
    const download = async (format: string) => {
      const res = await api(t, admin, 'GET', API.panitia.rekapEkspor.href(1, format));
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return res.rawPayload;
    };

    const csv = parse((await download('csv')).toString('utf8').replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      delimiter: ';',
    }) as string[][];
    const csvHeader = csv.find((row) => row.includes('Nama')) ?? [];
    expect(csvHeader.slice(0, 6)).toEqual(['No. Urut', 'Nama', 'Perwapus', 'Cabang', 'Ranting', 'Rayon']);
    expect(csvHeader.slice(-4)).toEqual(['Nilai Akhir', 'Predikat', 'Status', 'Alasan']);
    for (const header of csvHeader.slice(6, -4)) expect(komponen).toContain(header);
    expect(namesIn(csv.map((row) => row.join(',')).join('\n'), names)).toEqual([]);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download('xlsx')) as unknown as ArrayBuffer);
    expect(book.worksheets.length).toBeGreaterThan(1);
    for (const sheet of book.worksheets) {
      const text: string[] = [];
      sheet.eachRow((row) => {
        text.push(
          (row.values as unknown[]).map((v) => (v === null || v === undefined ? '' : String(v))).join(','),
        );
      });
      expect(
        text.find((line) => line.includes('Nama')),
        sheet.name,
      ).toContain(csvHeader.join(','));
      expect(namesIn(text.join('\n'), names), sheet.name).toEqual([]);
    }

    const pdf = join(dir, 'rekap.pdf');
    writeFileSync(pdf, await download('pdf'));
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('Nilai');
    expect(text).toContain('Alasan');
    expect(namesIn(text, names)).toEqual([]);
  });

  it('heads every import template with names the committee reads, and names no key in an import message', async () => {
    const messages: string[] = [];
    for (const jenis of IMPOR_JENIS) {
      const res = await api(t, admin, 'GET', API.panitia.imporTemplat.href(jenis));
      expect(res.statusCode, jenis).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const text: string[] = [];
      for (const sheet of book.worksheets) {
        sheet.eachRow((row) => {
          text.push(
            (row.values as unknown[]).map((v) => (v === null || v === undefined ? '' : String(v))).join(','),
          );
        });
      }
      expect(text.length, jenis).toBeGreaterThan(0);
      expect(namesIn(text.join('\n'), names), jenis).toEqual([]);

      // Files that go wrong in every usual way: no event or belt chosen, an empty file, a header
      // only, rows with every field wrong.
      const files = [
        '',
        'bukan,berkas,impor\n1,2,3\n',
        `${text[0] ?? ''}\n`,
        `${text[0] ?? ''}\n${(text[0] ?? '')
          .split(',')
          .map(() => 'x'.repeat(400))
          .join(',')}\n,,,,,,,\n`,
      ];
      for (const query of ['', '?id_ukt=1&tingkat=1', '?id_ukt=x&tingkat=9']) {
        for (const file of files) {
          const { payload, headers } = multipartImages([
            { name: 'file', data: Buffer.from(file), filename: `${jenis}.csv`, type: 'text/csv' },
          ]);
          for (const path of [
            API.panitia.imporPratinjau.href(jenis, query),
            API.panitia.impor.href(jenis, query),
          ]) {
            const sent = await t.app.inject({
              method: 'POST',
              url: `${API_PREFIX}${path}`,
              payload,
              headers: { ...headers, 'access-token': admin },
            });
            expect(sent.statusCode, `${path}: ${sent.body.slice(0, 200)}`).toBeLessThan(500);
            const answer = sent.json() as {
              message?: string;
              data?: { kesalahan?: { kolom: string; pesan: string; baris: number }[] };
            };
            if (answer.message) messages.push(answer.message);
            for (const k of answer.data?.kesalahan ?? [])
              messages.push(`baris ${k.baris}, kolom ${k.kolom}: ${k.pesan}`);
          }
        }
      }
    }
    expect(messages.length).toBeGreaterThan(20);
    expect([...new Set(messages.filter((m) => namesIn(m, names).length))]).toEqual([]);
  }, 120_000);
});
