import { nomorWa, type PanitiaPenguji, POSTS, type WaPesanPenguji } from '@ukt/core';
import { Button } from '../../../../components/ui/button';
import { ActionsMenu } from '../../components/actions-menu';
import { AKSI, createColumnHelper } from '../../components/data-table';
import { formatWaktu } from '../../components/format';
import { peranLabel } from './peran';
import { WaStatus } from './wa-status';

const column = createColumnHelper<PanitiaPenguji>();

/** Whether the examiner may sign in. */
function StatusBadge({ aktif }: { aktif: boolean }) {
  return aktif ? (
    <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-300">
      Aktif
    </span>
  ) : (
    <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-300">
      Nonaktif
    </span>
  );
}

/** An examiner's assignment in a few words: the events (and posts) they work at, or every event. */
function TugasCell({ p, namaKegiatan }: { p: PanitiaPenguji; namaKegiatan: Map<string, string> }) {
  if (p.tugas.length === 0) return <span className="text-neutral-500">Semua kegiatan</span>;
  return (
    <ul className="flex min-w-36 flex-col">
      {p.tugas.map((t) => (
        <li key={t.id_ukt}>
          {namaKegiatan.get(t.id_ukt) ?? `Kegiatan ${t.id_ukt} (arsip)`}
          <span className="text-neutral-500">
            {' · '}
            {t.pos.length
              ? `Pos ${t.pos.map((n) => POSTS.find((x) => x.id === n)?.nama ?? n).join(', ')}`
              : 'semua pos'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The columns of the examiner list; the buttons call back into the page. */
export function pengujiColumns({
  wide,
  sayaId,
  namaKegiatan,
  wa,
  onEdit,
  onTugas,
  onTautan,
  onAktif,
}: {
  /** A table (laptop) rather than cards (phone). */
  wide: boolean;
  /** The signed-in admin's own id: their row says so. */
  sayaId: string | undefined;
  namaKegiatan: Map<string, string>;
  /** Each examiner's last WhatsApp message through the gateway, by id_pemilih. */
  wa: Map<string, WaPesanPenguji>;
  onEdit: (p: PanitiaPenguji) => void;
  onTugas: (p: PanitiaPenguji) => void;
  onTautan: (p: PanitiaPenguji) => void;
  onAktif: (p: PanitiaPenguji) => void;
}) {
  return column.columns([
    column.accessor('nama', {
      header: 'Nama dan nomor WA',
      cell: ({ row }) => (
        <span className="flex min-w-28 flex-col items-start gap-1">
          <span>
            {row.original.nama}
            {row.original.id_pemilih === sayaId && (
              <span className="text-xs font-semibold text-neutral-500"> (Anda)</span>
            )}
          </span>
          <span className="text-neutral-600 whitespace-nowrap">{nomorWa(row.original.no_wa)}</span>
          <StatusBadge aktif={row.original.aktif} />
          {wa.has(row.original.id_pemilih) && (
            <WaStatus
              pesan={wa.get(row.original.id_pemilih) as WaPesanPenguji}
              onTautan={row.original.aktif ? () => onTautan(row.original) : undefined}
            />
          )}
        </span>
      ),
    }),
    column.display({
      id: 'wilayah',
      header: 'Wilayah',
      cell: ({ row }) =>
        row.original.perwapus || row.original.cabang ? (
          <span className="flex min-w-36 flex-col">
            <span>{row.original.perwapus}</span>
            <span className="text-neutral-500">{row.original.cabang}</span>
          </span>
        ) : (
          <span className="text-neutral-500">Semua wilayah</span>
        ),
    }),
    column.accessor('panitia', {
      header: 'Peran',
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span>{peranLabel(row.original.panitia)}</span>
          {/* SPEC §6: dewan 2 sees and scores only the KESHAN test. */}
          <span className="text-neutral-500">
            Dewan {row.original.dewan}
            {row.original.dewan === 2 ? ' (hanya KESHAN)' : ''}
          </span>
        </span>
      ),
    }),
    column.display({
      id: 'tugas',
      header: 'Tugas',
      cell: ({ row }) => <TugasCell p={row.original} namaKegiatan={namaKegiatan} />,
    }),
    column.accessor('aktivitas_terakhir', {
      header: 'Aktivitas terakhir',
      cell: ({ row }) => formatWaktu(row.original.aktivitas_terakhir),
    }),
    column.display({
      id: AKSI,
      header: '',
      cell: ({ row }) => {
        const p = row.original;
        // A table row has room for one button (docs/decisions/105); a phone's card for all four.
        if (wide) {
          return (
            <ActionsMenu
              label={p.nama}
              actions={[
                { label: 'Ubah', onSelect: () => onEdit(p) },
                { label: 'Atur tugas', onSelect: () => onTugas(p) },
                ...(p.aktif ? [{ label: 'Tautan login', onSelect: () => onTautan(p) }] : []),
                { label: p.aktif ? 'Nonaktifkan' : 'Aktifkan', onSelect: () => onAktif(p) },
              ]}
            />
          );
        }
        return (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => onEdit(p)}>
              Ubah
            </Button>
            <Button variant="secondary" onClick={() => onTugas(p)}>
              Atur tugas
            </Button>
            <Button variant="secondary" disabled={!p.aktif} onClick={() => onTautan(p)}>
              Tautan login
            </Button>
            <Button variant={p.aktif ? 'ghost' : 'secondary'} onClick={() => onAktif(p)}>
              {p.aktif ? 'Nonaktifkan' : 'Aktifkan'}
            </Button>
          </div>
        );
      },
    }),
  ]);
}
