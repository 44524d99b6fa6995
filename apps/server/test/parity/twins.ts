// The TypeScript twin of each PostgreSQL routine (docs/decisions/143, 169): the declarations that
// decide, on SQLite, what the routine decides on PostgreSQL (the checks and their order, the
// writes, the key) and the ones that call the routine and read its answer. A routine's .pg-checked
// record holds the hash of each, so a change on either side asks for a run on PostgreSQL.
// Left out: what runs before both paths alike (assertInTugas, core's mayWriteGroup) and the
// messages' texts, which the parity rows check on SQLite too.

/** Declarations (functions, constants) of one file under src/, by name. */
export interface TwinPart {
  file: string;
  names: readonly string[];
}

/** The scope, the event, the participant and the holder: both routines check them in this order. */
const SISWA_CHECKS: readonly TwinPart[] = [
  {
    file: 'modules/siswa/siswa.service.ts',
    names: ['requireRegion', 'siswaForPenguji', 'assertNotMundur', 'assertNotHeldByOther'],
  },
  { file: 'modules/siswa/siswa.repository.ts', names: ['findSiswa'] },
  { file: 'modules/kegiatan/kegiatan.service.ts', names: ['requireKegiatan'] },
  { file: 'modules/kegiatan/kegiatan.repository.ts', names: ['findKegiatanById'] },
  { file: 'modules/kegiatan/kegiatan-sahkan.service.ts', names: ['assertNotDisahkan'] },
  { file: 'modules/kegiatan/kegiatan-sahkan.repository.ts', names: ['lockDisahkanAt'] },
];

/** Each routine's twin, by the routine's name (db/routines.ts). */
export const TWINS: Readonly<Record<string, readonly TwinPart[]>> = {
  ukt_ambil: [
    ...SISWA_CHECKS,
    { file: 'modules/siswa/siswa.service.ts', names: ['takeSiswa', 'refusedTake'] },
    { file: 'modules/siswa/siswa.repository.ts', names: ['takeAtPost', 'freshVersi', 'takeAtPostPg'] },
    { file: 'plugins/idempotency.ts', names: ['keptAnswer', 'answerOfKey', 'keepInlineAnswer'] },
  ],
  ukt_simpan_nilai: [
    ...SISWA_CHECKS,
    {
      file: 'modules/nilai/nilai.service.ts',
      names: [
        'flagOfGroup',
        'assertMayWriteGroup',
        'assertMayWriteNilai',
        'saveNilai',
        'writeNilaiTogether',
        'refusalOf',
        'outcomeOf',
        'writeNilaiPostgres',
      ],
    },
    {
      file: 'modules/nilai/nilai.repository.ts',
      names: ['lockNilai', 'upsertNilai', 'SIMPAN_NILAI_TYPES', 'simpanNilai'],
    },
    { file: 'modules/audit/audit.repository.ts', names: ['writtenFieldsOf', 'insertAudit'] },
    { file: 'plugins/idempotency.ts', names: ['keptAnswer', 'keepInlineAnswer'] },
  ],
};
