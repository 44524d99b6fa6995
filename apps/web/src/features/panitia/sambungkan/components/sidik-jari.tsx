import type { SertifikatCa } from '@ukt/core';

/** Eight pairs a line: four short lines a person compares pair by pair with the phone's screen. */
const PAIRS_PER_LINE = 8;

/**
 * The root certificate's name and SHA-256 fingerprint as the server read them from its download
 * (docs/decisions/126): the examiner checks the phone shows the same before trusting it.
 */
export function SidikJari({ sertifikat }: { sertifikat: SertifikatCa }) {
  const pairs = sertifikat.sidik_jari_sha256.split(':');
  const lines: string[] = [];
  for (let i = 0; i < pairs.length; i += PAIRS_PER_LINE)
    lines.push(pairs.slice(i, i + PAIRS_PER_LINE).join(':'));
  return (
    <figure className="flex w-full max-w-xs flex-col gap-1 rounded-xl bg-neutral-100 px-3 py-2 text-center">
      <figcaption className="text-sm text-neutral-800">
        Sidik jari SHA-256 sertifikat <span className="font-semibold">{sertifikat.nama}</span>
      </figcaption>
      {/* The colons that end each line stay, so the text read or copied is the whole fingerprint. */}
      <p data-testid="sidik-jari" className="font-mono text-sm font-semibold tracking-wide text-neutral-900">
        {lines.map((line, i) => (
          <span key={line} className="block">
            {line}
            {i < lines.length - 1 ? ':' : ''}
          </span>
        ))}
      </p>
    </figure>
  );
}
