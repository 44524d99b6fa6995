import { type Belt, beltName } from '@ukt/core';

/** The chosen belt level in words, at the top of the hub. */
export function BeltBanner({ belt }: { belt: Belt }) {
  return (
    <div className="rounded-2xl bg-brand px-4 py-3 text-on-brand shadow-sm">
      <p className="text-xs font-medium opacity-80">Tingkat ujian</p>
      <p className="text-lg leading-tight font-bold">{beltName(belt)}</p>
    </div>
  );
}
