import { POSTS, type Post, postHeader } from '@ukt/core';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/**
 * No post chosen: the four posts to tap, or only those the examiner is assigned to at this event
 * (docs/decisions/109). Post chosen: 'POS UJIAN …' and 'Ganti pos' (SPEC §2, §4).
 */
export function PostPanel({
  post,
  allowed = [],
  onChoose,
  onChange,
}: {
  post: Post;
  /** The posts assigned at this event; empty: every post. */
  allowed?: readonly number[];
  onChoose: (post: Post) => void;
  onChange: () => void;
}) {
  if (post === 0) {
    return (
      <Card>
        <h2 className="mb-3 text-base font-bold">Pilih Pos Ujian</h2>
        <div className="grid grid-cols-2 gap-3">
          {POSTS.filter((p) => !allowed.length || allowed.includes(p.id)).map((p) => (
            <button
              key={p.id}
              type="button"
              onClick={() => onChoose(p.id)}
              className="flex min-h-20 flex-col items-center justify-center gap-1 rounded-xl border-2 border-brand/60 bg-brand/10 font-bold hover:bg-brand/20"
            >
              <span
                aria-hidden="true"
                className="grid size-7 place-items-center rounded-full bg-brand text-sm text-on-brand"
              >
                {p.id}
              </span>
              <span>{p.nama}</span>
            </button>
          ))}
        </div>
      </Card>
    );
  }
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 className="min-w-0 text-base font-extrabold">{postHeader(post)}</h2>
      <Button variant="secondary" onClick={onChange} className="shrink-0">
        Ganti pos
      </Button>
    </div>
  );
}
