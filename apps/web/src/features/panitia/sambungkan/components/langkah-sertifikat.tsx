import { BILA_SIDIK_JARI_BEDA, langkahAndroid, langkahIos, PENGANTAR_SERTIFIKAT } from '@ukt/core';

// How a phone comes to trust Caddy's own CA and checks it trusts the right one: the texts live in
// core, shared with the plain-http page a phone gets at the venue name (docs/decisions/126, 133).

function Langkah({ judul, items }: { judul: string; items: string[] }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-bold">{judul}</h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-neutral-800">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </section>
  );
}

/** The install and check steps for Caddy's root certificate, named `nama` on the phone, on Android and on an iPhone. */
export function LangkahSertifikat({ nama }: { nama: string }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-neutral-600">{PENGANTAR_SERTIFIKAT[0]}</p>
      <p className="text-sm text-neutral-800">
        {PENGANTAR_SERTIFIKAT[1]} <span className="font-semibold">{BILA_SIDIK_JARI_BEDA}</span>
      </p>
      <Langkah judul="Android" items={langkahAndroid(nama)} />
      <Langkah judul="iPhone (iOS)" items={langkahIos(nama)} />
    </div>
  );
}
