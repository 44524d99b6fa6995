import { type PanitiaPeserta, POSTS, type PostFlag, postFlagField } from '@ukt/core';
import { Button } from '../../../../components/ui/button';
import { AKSI, createColumnHelper } from '../../components/data-table';

const column = createColumnHelper<PanitiaPeserta>();

/** Who holds the participant at one post, and 'Lepas' to release them; '–' when nobody does. */
function Holder({
  peserta,
  pos,
  nama,
  onLepas,
}: {
  peserta: PanitiaPeserta;
  pos: PostFlag;
  nama: string;
  onLepas: (p: PanitiaPeserta, pos: PostFlag, posNama: string) => void;
}) {
  const holder = peserta.pos[pos];
  if (!holder) return <span className="text-neutral-400">–</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1" data-pos={pos}>
      <span className="font-medium">{holder.nama}</span>
      <button
        type="button"
        onClick={() => onLepas(peserta, pos, nama)}
        aria-label={`Lepas ${peserta.nama} di pos ${nama}`}
        className="min-h-8 rounded-lg px-2 text-xs font-semibold text-red-700 ring-1 ring-red-300 hover:bg-red-50"
      >
        Lepas
      </button>
    </span>
  );
}

/** The columns of an event's participant list: who holds them at each post; the buttons call back. */
export function pesertaColumns({
  onEdit,
  onMundur,
  onLepas,
}: {
  onEdit: (p: PanitiaPeserta) => void;
  onMundur: (p: PanitiaPeserta) => void;
  onLepas: (p: PanitiaPeserta, pos: PostFlag, posNama: string) => void;
}) {
  return [
    column.accessor('nama', {
      header: 'Peserta',
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm text-neutral-500">#{row.original.no_urut}</span>
          <span className="font-semibold">{row.original.nama}</span>
          {row.original.mundur && (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-300">
              Mundur
            </span>
          )}
        </span>
      ),
    }),
    column.display({
      id: 'wilayah',
      header: 'Wilayah',
      cell: ({ row }) => (
        <span className="flex flex-col text-sm">
          <span>{row.original.cabang}</span>
          <span className="text-neutral-500">
            {row.original.ranting} · {row.original.rayon}
          </span>
        </span>
      ),
    }),
    ...POSTS.map((post) =>
      column.display({
        id: postFlagField(post.id),
        header: post.nama,
        cell: ({ row }) => (
          <Holder peserta={row.original} pos={postFlagField(post.id)} nama={post.nama} onLepas={onLepas} />
        ),
      }),
    ),
    column.display({
      id: AKSI,
      header: '',
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-2 md:flex-nowrap md:*:whitespace-nowrap">
          <Button variant="secondary" onClick={() => onEdit(row.original)}>
            Ubah
          </Button>
          <Button
            variant={row.original.mundur ? 'secondary' : 'ghost'}
            onClick={() => onMundur(row.original)}
          >
            {row.original.mundur ? 'Ikutkan lagi' : 'Mundur'}
          </Button>
        </div>
      ),
    }),
  ];
}
