import type { Progres } from '@ukt/core';
import { Link } from 'react-router';
import { Notice } from '../../../../components/ui/notice';

/**
 * The examiners whose phone holds writes the server refused (outside their assignment, a ratified
 * event …, docs/decisions/125): they stay on the phone, so the committee can still get them in.
 */
export function DitolakNotice({ penguji }: { penguji: Progres['penguji'] }) {
  const holding = penguji.filter((p) => p.ditolak > 0);
  if (!holding.length) return null;
  return (
    <div data-testid="ditolak">
      <Notice>
        {holding.map((p) => (
          <span key={p.id_pemilih} className="block font-semibold">
            HP {p.nama} menyimpan {p.ditolak} nilai yang ditolak server.
          </span>
        ))}
        <span className="block">
          Alasannya tertulis di daftar Nilai tertunda di HP itu. Bila nilainya sah (misalnya tugas penguji
          baru diubah), perbaiki tugasnya di halaman{' '}
          <Link to="/panitia/penguji" className="font-semibold underline">
            Penguji
          </Link>
          , minta penguji mengekspor nilai tertunda, lalu impor filenya dengan perintah ukt import pending.
        </span>
      </Notice>
    </div>
  );
}
