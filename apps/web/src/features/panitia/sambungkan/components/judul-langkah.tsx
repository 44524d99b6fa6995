/** A numbered step's heading on "Sambungkan HP": the number in a brand circle, then what to do. */
export function JudulLangkah({ langkah, judul }: { langkah: number; judul: string }) {
  return (
    <h2 className="font-bold">
      <span className="mr-2 inline-flex size-7 items-center justify-center rounded-full bg-brand text-sm text-on-brand">
        {langkah}
      </span>
      {judul}
    </h2>
  );
}
