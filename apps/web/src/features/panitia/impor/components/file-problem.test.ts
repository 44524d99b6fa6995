import { IMPOR_MAX_BYTES } from '@ukt/core';
import { describe, expect, it } from 'vitest';
import { fileProblem } from './file-problem';

describe('fileProblem', () => {
  it('takes .csv and .xlsx files up to the limit, whatever the case of the extension', () => {
    expect(fileProblem({ name: 'peserta.csv', size: 10 })).toBeNull();
    expect(fileProblem({ name: 'PESERTA.XLSX', size: IMPOR_MAX_BYTES })).toBeNull();
  });

  it('refuses other kinds of file', () => {
    expect(fileProblem({ name: 'peserta.xls', size: 10 })).toBe('Pilih file .csv atau .xlsx.');
    expect(fileProblem({ name: 'peserta.csv.pdf', size: 10 })).toBe('Pilih file .csv atau .xlsx.');
  });

  it('refuses a file over the limit before it is uploaded, saying how large it is', () => {
    expect(fileProblem({ name: 'besar.xlsx', size: IMPOR_MAX_BYTES + 1 })).toMatch(
      /^File terlalu besar \(20\.0 MB\)\. Paling besar 20 MB/,
    );
  });
});
