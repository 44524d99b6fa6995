import { nomorWa } from '@ukt/core';
import { countDemo } from '../../demo/demo.repository';
import { hapusDemo } from '../../demo/hapus-demo.service';
import { badRequest } from '../../lib/errors';
import { mulaiOrganisasi } from '../../modules/organisasi/mulai.service';
import type { Command } from '../command';

// `ukt mulai` and `ukt demo hapus` (docs/decisions/154): the committee's own organisation on a server,
// and the end of a trial run. Both only parse and print; the services are the console's too.

const SESUDAHNYA =
  'Langkah berikutnya di konsol panitia: 1. buat kegiatan, 2. impor penguji, 3. impor peserta.';

/** `ukt mulai` and `ukt demo hapus`. */
export const mulaiCommands: Command[] = [
  {
    name: 'mulai',
    flags: '--organisasi NAMA --admin NO_WA [--admin NO_WA …]',
    help: 'organisasi sendiri: namanya dan nomor WhatsApp admin panitia',
    async run({ config, db, writer, now, io, flag, flags }) {
      const nama = flag('organisasi');
      if (nama === undefined)
        throw badRequest(
          'Tulis nama organisasi dan nomor admin panitia: npm run ukt -- mulai --organisasi "Nama Organisasi" --admin 0812xxxxxxxx',
        );
      const result = await mulaiOrganisasi(
        { writer, idOrganisasi: config.orgId, now: now.toISOString() },
        { nama, admin: flags('admin') },
      );
      io.out(`Organisasi: ${result.nama_organisasi}`);
      for (const a of result.admin)
        io.out(
          `Admin panitia: ${nomorWa(a.no_wa)}${a.baru ? ' (baru, namanya dapat diubah di halaman Penguji)' : ''}`,
        );
      io.out(`Masuk ke konsol panitia di ${config.publicUrl}/panitia dengan nomor itu.`);
      io.out(SESUDAHNYA);
      if ((await countDemo(db, config.orgId)).semua)
        io.out('Data demo masih ada: hapus dengan npm run ukt -- demo hapus');
      return 0;
    },
  },
  {
    name: 'demo hapus',
    flags: '[--organisasi NAMA] [--admin NO_WA …]',
    help: 'hapus data demo sesudah mencoba (ditolak bila sudah ada nilai sungguhan)',
    async run({ config, writer, now, io, flag, flags }) {
      const result = await hapusDemo(
        { writer, idOrganisasi: config.orgId, now: now.toISOString() },
        { nama: flag('organisasi'), admin: flags('admin') },
      );
      if (!result.dihapus) {
        io.out('Tidak ada data demo lagi: tidak ada yang dihapus.');
        return 0;
      }
      io.out(
        `Data demo dihapus: ${result.kegiatan} kegiatan, ${result.peserta} peserta dan ${result.penguji} penguji.`,
      );
      io.out(`Organisasi: ${result.nama_organisasi}`);
      io.out(`Admin panitia: ${result.admin.map(nomorWa).join(', ')}`);
      io.out(SESUDAHNYA);
      return 0;
    },
  },
];
