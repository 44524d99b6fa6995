/** The demo examiners a new database gets (apps/server/src/demo/seed.ts). */
export const ADMIN = { noWa: '6281100000001', nama: 'Budi Santoso' } as const;
/** Panitia 'Penguji': locked to the first perwapus and cabang. */
export const PENGUJI = { noWa: '6281100000002', nama: 'Siti Rahayu' } as const;
/** Dewan 2: sees only the keshan exams. */
export const DEWAN2 = { noWa: '6281100000003', nama: 'Agus Wijaya' } as const;
