import { type PanitiaPeserta, POSTS, type PostFlag, postFlagField } from '@ukt/core';
import { ActionsMenu } from '../../components/actions-menu';
import { AKSI, createColumnHelper } from '../../components/data-table';

const column = createColumnHelper<PanitiaPeserta>();

/** Who holds the participant at one post; '–' when nobody does. Releasing is in the row's 'Aksi'. */
function Holder({ peserta, pos }: { peserta: PanitiaPeserta; pos: PostFlag }) {
  const holder = peserta.pos[pos];
  if (!holder) return <span className="text-neutral-400">–</span>;
  return (
    <span className="font-medium" data-pos={pos}>
      {holder.nama}
    </span>
  );
}

/**
 * The columns of an event's participant list: who holds them at each post, and one 'Aksi' menu
 * (Ubah, Mundur or Ikutkan lagi, 'Lepas di pos …' for each post that holds them) that calls back.
 */
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
        cell: ({ row }) => <Holder peserta={row.original} pos={postFlagField(post.id)} />,
      }),
    ),
    column.display({
      id: AKSI,
      header: '',
      cell: ({ row }) => {
        const p = row.original;
        return (
          <ActionsMenu
            label={p.nama}
            actions={[
              { label: 'Ubah', onSelect: () => onEdit(p) },
              { label: p.mundur ? 'Ikutkan lagi' : 'Mundur', onSelect: () => onMundur(p) },
              ...POSTS.filter((post) => p.pos[postFlagField(post.id)]).map((post) => ({
                label: `Lepas di pos ${post.nama}`,
                onSelect: () => onLepas(p, postFlagField(post.id), post.nama),
              })),
            ]}
          />
        );
      },
    }),
  ];
}
