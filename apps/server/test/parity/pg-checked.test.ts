import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTINES } from '../../src/db/routines';
import { SRC_DIR } from '../support/paths';
import { currentParts, partsChanged, partsOfRecord, recordText } from './pg-checked';
import { TWINS } from './twins';

// The record of a routine covers both twins (docs/decisions/169): checked on a copy of the source
// tree, where one side is changed at a time and the check must name the part that changed.

describe('the .pg-checked records', () => {
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'pg-checked-'));
    cpSync(SRC_DIR, copy, { recursive: true, filter: (p) => !p.includes('node_modules') });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  /** What a change of the copy changes in a routine's parts. */
  function changedBy(name: string, change: () => () => void): string[] {
    const recorded = currentParts(name, copy);
    const undo = change();
    try {
      return partsChanged(recorded, currentParts(name, copy));
    } finally {
      undo();
    }
  }

  /** Replaces a piece of a copied file, failing when the piece is not there; returns its undoing. */
  function edit(file: string, from: string, to: string): () => void {
    const path = join(copy, file);
    const text = readFileSync(path, 'utf8');
    expect(text, `${file} has no ${from}`).toContain(from);
    writeFileSync(path, text.replace(from, to));
    return () => writeFileSync(path, text);
  }

  it('list every routine and every part of its twin, each found in the tree', () => {
    for (const routine of ROUTINES) {
      const parts = currentParts(routine.name);
      const declarations = (TWINS[routine.name] ?? []).reduce((n, part) => n + part.names.length, 0);
      expect(parts.size).toBe(1 + declarations);
      expect([...parts.keys()][0]).toBe(`modules/${routine.file}`);
    }
  });

  it('read back what they are written as', () => {
    const parts = currentParts('ukt_simpan_nilai');
    expect(partsOfRecord(recordText('ukt_simpan_nilai', parts))).toEqual(parts);
  });

  it('name a changed line of the TypeScript twin (takeAtPost)', () => {
    const change = () =>
      edit(
        'modules/siswa/siswa.repository.ts',
        ".where('mundur', '=', 0)\n    .where((eb) =>",
        '.where((eb) =>',
      );
    expect(changedBy('ukt_ambil', change)).toEqual([
      'berubah   modules/siswa/siswa.repository.ts takeAtPost',
    ]);
  });

  it('name a changed routine', () => {
    const change = () =>
      edit('modules/nilai/nilai.pg.sql', 'elsif v_siswa.mundur <> 0 then', 'elsif false then');
    expect(changedBy('ukt_simpan_nilai', change)).toEqual(['berubah   modules/nilai/nilai.pg.sql']);
  });

  it('name a check of both twins changed once, for each routine', () => {
    const change = () => edit('modules/siswa/siswa.service.ts', 'if (siswa.mundur)', 'if (siswa.mundur > 1)');
    for (const name of ['ukt_ambil', 'ukt_simpan_nilai'])
      expect(changedBy(name, change)).toEqual(['berubah   modules/siswa/siswa.service.ts assertNotMundur']);
  });

  it('do not count a changed comment or line break in the twin', () => {
    const change = () =>
      edit(
        'modules/nilai/nilai.service.ts',
        'await assertNotDisahkan(trx, key.id_ukt);',
        '// ratified?\n  await assertNotDisahkan(\n    trx,\n    key.id_ukt,\n  );',
      );
    expect(changedBy('ukt_simpan_nilai', change)).toEqual([]);
  });

  it('name a declaration of the twin that is gone', () => {
    const undo = edit('modules/nilai/nilai.service.ts', 'function refusalOf(', 'function refusalFor(');
    try {
      expect(() => currentParts('ukt_simpan_nilai', copy)).toThrow(
        'modules/nilai/nilai.service.ts tidak lagi punya refusalOf: perbarui kembaran rutin di test/parity/twins.ts',
      );
    } finally {
      undo();
    }
  });
});
