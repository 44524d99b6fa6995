import { GAMBAR_MAX_BYTES, type GambarSlot } from '@ukt/core';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Notice } from '../../../../components/ui/notice';
import { showSuccess } from '../../../../lib/dialogs';
import { useUploadGambar } from '../api/upload-gambar';

const MAX_MB = GAMBAR_MAX_BYTES / (1024 * 1024);

/** Why an image cannot be sent, checked before uploading it; null when it can. */
function imageProblem(file: File): string | null {
  if (!/^image\/(png|jpeg|webp)$/.test(file.type)) return 'Pilih gambar PNG, JPEG atau WebP.';
  if (file.size > GAMBAR_MAX_BYTES) return `Gambar terlalu besar. Paling besar ${MAX_MB} MB.`;
  return null;
}

/** One image slot (the logo or a banner): its current image or the one being sent, and 'Unggah'. */
export function GambarSlotView({
  slot,
  label,
  url,
}: {
  slot: GambarSlot;
  label: string;
  url: string | null;
}) {
  const id = useId();
  const upload = useUploadGambar();
  const [problem, setProblem] = useState<string | null>(null);
  // The chosen file shows at once, before the server has it.
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const why = imageProblem(file);
    setProblem(why);
    if (why) return;
    setLocal(URL.createObjectURL(file));
    upload.mutate(
      { slot, file },
      {
        onSuccess: () => {
          setLocal(null);
          void showSuccess(`${label} diunggah.`);
        },
      },
    );
  };

  const shown = local ?? url;
  return (
    <div className="flex flex-col gap-2" data-slot={slot}>
      <span className="text-sm font-medium">{label}</span>
      <div
        className={`grid place-items-center overflow-hidden rounded-xl bg-neutral-100 ring-1 ring-black/5 ${slot === 'logo' ? 'aspect-square' : 'aspect-[16/9]'}`}
      >
        {shown ? (
          <img
            src={shown}
            alt={`Pratinjau ${label.toLowerCase()}`}
            className={`size-full ${slot === 'logo' ? 'object-contain p-2' : 'object-cover'} ${upload.isPending ? 'opacity-50' : ''}`}
          />
        ) : (
          <span className="text-xs text-neutral-500">Belum ada gambar</span>
        )}
      </div>
      <label
        htmlFor={id}
        className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-xl bg-white px-3 text-sm font-semibold ring-1 ring-neutral-300 hover:bg-neutral-50 has-disabled:opacity-50"
      >
        {upload.isPending ? 'Mengunggah…' : shown ? 'Ganti' : 'Unggah'}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-label={`Unggah ${label.toLowerCase()}`}
          disabled={upload.isPending}
          onChange={choose}
          className="sr-only"
        />
      </label>
      {problem && <Notice tone="error">{problem}</Notice>}
      {upload.isError && <Notice tone="error">{upload.error.message}</Notice>}
    </div>
  );
}
