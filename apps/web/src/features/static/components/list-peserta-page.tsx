/** /LISTPESERTA: placeholder text only (SPEC §2). */
export function ListPesertaPage() {
  return (
    <section className="rounded-2xl bg-white p-6 text-center text-neutral-600 shadow-sm">
      <h1 className="text-lg font-bold text-neutral-900">List Peserta</h1>
      <p className="mt-2 text-sm">Halaman ini belum tersedia.</p>
    </section>
  );
}
