import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';

/**
 * The organisation's banners in a swipeable carousel (embla, DESIGN §12) with SPEC §9's breakpoints:
 * 1.2 slides visible on a phone, 2 from 500 px, 3 from 768 px, 4 from 1024 px. The dots under it
 * move it for those who cannot swipe.
 */
export function BannerCarousel({ banners }: { banners: string[] }) {
  const [viewport, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps' });
  const [snaps, setSnaps] = useState<number[]>([]);
  const [selected, setSelected] = useState(0);

  const read = useCallback(() => {
    if (!embla) return;
    setSnaps(embla.scrollSnapList());
    setSelected(embla.selectedScrollSnap());
  }, [embla]);
  useEffect(() => {
    if (!embla) return;
    read();
    embla.on('select', read).on('reInit', read);
    return () => {
      embla.off('select', read).off('reInit', read);
    };
  }, [embla, read]);

  return (
    <section aria-roledescription="carousel" aria-label="Banner organisasi" className="flex flex-col gap-2">
      <div ref={viewport} className="overflow-hidden" data-testid="banner-viewport">
        <ul className="-ml-3 flex touch-pan-y">
          {banners.map((src, i) => (
            <li
              key={src}
              className="min-w-0 shrink-0 grow-0 basis-[83.3333%] pl-3 min-[500px]:basis-1/2 md:basis-1/3 lg:basis-1/4"
              data-testid="banner-slide"
            >
              <img
                src={src}
                alt={`Banner ${i + 1} dari ${banners.length}`}
                width={640}
                height={320}
                // The first ones are on screen at once; the others load as they come near.
                loading={i < 2 ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
                className="aspect-[2/1] w-full rounded-2xl bg-neutral-200 object-cover shadow-sm"
              />
            </li>
          ))}
        </ul>
      </div>
      {snaps.length > 1 && (
        <div className="flex justify-center gap-1">
          {snaps.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: a snap is a position, fixed in number
              key={i}
              type="button"
              aria-label={`Tampilkan banner ${i + 1}`}
              aria-current={i === selected || undefined}
              onClick={() => embla?.scrollTo(i)}
              className="grid size-6 place-items-center"
            >
              <span
                className={`block h-2 rounded-full transition-all ${i === selected ? 'w-5 bg-brand' : 'w-2 bg-neutral-300'}`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
