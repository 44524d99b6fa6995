import { pickDistinct, type Rng } from '@ukt/core';

// Common Indonesian (largely Javanese) given names and family names, for believable demo rosters.
const FIRST_MALE = [
  'Adi',
  'Agus',
  'Ahmad',
  'Andi',
  'Arif',
  'Bagus',
  'Bambang',
  'Bayu',
  'Budi',
  'Dedi',
  'Dimas',
  'Eko',
  'Fajar',
  'Galih',
  'Hadi',
  'Hendra',
  'Imam',
  'Joko',
  'Kurniawan',
  'Muhammad',
  'Nanda',
  'Prasetyo',
  'Rizky',
  'Rudi',
  'Satria',
  'Teguh',
  'Wahyu',
  'Yoga',
  'Yusuf',
  'Zainal',
];
const FIRST_FEMALE = [
  'Ayu',
  'Dewi',
  'Dian',
  'Eka',
  'Fitri',
  'Indah',
  'Intan',
  'Kartika',
  'Lestari',
  'Maya',
  'Nur',
  'Putri',
  'Ratna',
  'Rina',
  'Sari',
  'Siti',
  'Sri',
  'Tri',
  'Wulan',
  'Yuni',
];
const MIDDLE = ['Dwi', 'Tri', 'Nur', 'Adi', 'Putra', 'Putri', 'Wahyu', 'Indra', 'Eka', 'Dewi'];
const LAST = [
  'Santoso',
  'Wijaya',
  'Saputra',
  'Pratama',
  'Setiawan',
  'Hidayat',
  'Nugroho',
  'Kurniawan',
  'Susanto',
  'Wibowo',
  'Purnomo',
  'Rahayu',
  'Lestari',
  'Handayani',
  'Wulandari',
  'Permana',
  'Firmansyah',
  'Hartono',
  'Sulistyo',
  'Prabowo',
  'Utomo',
  'Suryadi',
  'Maulana',
  'Ramadhan',
  'Anggraini',
  'Safitri',
  'Kusuma',
  'Hakim',
  'Syahputra',
  'Fauzi',
];

const pick = <T>(list: readonly T[], rng: Rng): T => pickDistinct(list, 1, rng)[0] as T;

/** A plausible Indonesian full name, two or three words, drawn with the given random source. */
export function demoName(rng: Rng): string {
  const first = rng() < 0.55 ? pick(FIRST_MALE, rng) : pick(FIRST_FEMALE, rng);
  const middle = rng() < 0.35 ? ` ${pick(MIDDLE, rng)}` : '';
  return `${first}${middle} ${pick(LAST, rng)}`;
}

/** The demo regions: 2 perwapus › 4 cabang › 8 ranting › 16 rayon, in the order they are created. */
export const DEMO_REGIONS = [
  {
    perwapus: 'Perwapus Madiun Raya',
    cabang: [
      {
        cabang: 'Cabang Kota Madiun',
        ranting: { Taman: ['Demangan', 'Josenan'], Kartoharjo: ['Oro-oro Ombo', 'Klegen'] },
      },
      {
        cabang: 'Cabang Ponorogo',
        ranting: { Babadan: ['Patihan Wetan', 'Kertosari'], Jenangan: ['Setono', 'Kemiri'] },
      },
    ],
  },
  {
    perwapus: 'Perwapus Surabaya Raya',
    cabang: [
      {
        cabang: 'Cabang Surabaya',
        ranting: { Wonokromo: ['Jagir', 'Darmo'], Rungkut: ['Kalirungkut', 'Penjaringan Sari'] },
      },
      {
        cabang: 'Cabang Sidoarjo',
        ranting: { Waru: ['Kureksari', 'Tambak Sawah'], Candi: ['Sugihwaras', 'Larangan'] },
      },
    ],
  },
] as const;

/** Every rayon of the demo as a full region path. */
export function demoRegionPaths(): { perwapus: string; cabang: string; ranting: string; rayon: string }[] {
  return DEMO_REGIONS.flatMap((p) =>
    p.cabang.flatMap((c) =>
      Object.entries(c.ranting as Record<string, readonly string[]>).flatMap(([ranting, rayons]) =>
        rayons.map((rayon: string) => ({
          perwapus: p.perwapus,
          cabang: c.cabang,
          ranting: `Ranting ${ranting}`,
          rayon: `Rayon ${rayon}`,
        })),
      ),
    ),
  );
}
