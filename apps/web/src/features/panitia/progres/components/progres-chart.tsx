import type { Progres } from '@ukt/core';
import { useCallback, useRef, useState } from 'react';
import { Card } from '../../../../components/ui/card';

// One colour per post, each at least 3:1 on white (WCAG's non-text contrast), told apart by the legend too.
const WARNA = ['#1d4ed8', '#b91c1c', '#047857', '#7e22ce'];
const H = 240;
const PAD = { left: 44, right: 16, top: 12, bottom: 28 };
const MENIT = 60_000;

const jam = (ms: number) =>
  new Date(ms).toLocaleTimeString('id-ID', { hour: '2-digit', minute: '2-digit' }).replace('.', ':');
const tanggal = (ms: number) => new Date(ms).toLocaleDateString('id-ID', { day: 'numeric', month: 'short' });

/** The count axis: a round step (1, 2 or 5 × 10ⁿ, whole numbers) in at most four parts up to the highest count. */
function ticks(highest: number): number[] {
  const raw = Math.max(1, highest) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, Math.ceil([1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw));
  return Array.from({ length: Math.ceil(Math.max(1, highest) / step) + 1 }, (_, i) => i * step);
}

/** Clock times for the time axis: at most seven, on whole quarters, hours or days of local time. */
function clockTicks(start: number, end: number): { at: number; label: string }[] {
  const every = [15, 30, 60, 120, 180, 360, 720, 1440].find((m) => (end - start) / (m * MENIT) <= 6) ?? 2880;
  const offset = new Date(start).getTimezoneOffset() * MENIT;
  const step = every * MENIT;
  const first = Math.ceil((start - offset) / step) * step + offset;
  const out: { at: number; label: string }[] = [];
  for (let t = first; t <= end; t += step) out.push({ at: t, label: every >= 1440 ? tanggal(t) : jam(t) });
  return out;
}

/** The width the chart's card gives it, followed as the window changes. */
function useWidth(): [(el: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(720);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setWidth(el.clientWidth || 720);
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width) || 720);
    });
    observer.current.observe(el);
  }, []);
  return [ref, width];
}

/** Where the time axis ends: now while the day goes on (the counts hold since the last point), else the last point. */
const sampai = (last: number) => {
  const now = Date.now();
  return now > last && now - last < 6 * 60 * MENIT ? now : last;
};

export function ProgresChart({ progres }: { progres: Progres }) {
  const lines = progres.lini_waktu;
  const step = progres.menit_per_titik * 60_000;
  const ends = lines[0]?.titik.map((t) => Date.parse(t.at)) ?? [];
  const last = ends[ends.length - 1];
  const first = ends[0];
  const summary = progres.lini_waktu
    .map((l) => `${l.nama} ${l.titik[l.titik.length - 1]?.lengkap ?? 0} lengkap`)
    .join(', ');

  return (
    <Card className="flex flex-col gap-2">
      <h2 className="text-lg font-bold">Peserta lengkap per pos</h2>
      {first === undefined || last === undefined ? (
        <p className="text-sm text-neutral-700">
          Grafik muncul setelah peserta pertama lengkap dinilai di salah satu pos.
        </p>
      ) : (
        <figure className="flex flex-col gap-2">
          <Plot
            lines={lines}
            start={first - step}
            end={sampai(last)}
            top={Math.max(...lines.flatMap((l) => l.titik.map((t) => t.lengkap)), 1)}
            label={`Grafik peserta lengkap per pos, per ${progres.menit_per_titik} menit: ${summary}`}
          />
          <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-800">
            {progres.lini_waktu.map((l, i) => (
              <span key={l.pos} className="inline-flex items-center gap-1.5" data-lini={l.pos}>
                <span
                  aria-hidden="true"
                  className="inline-block h-1 w-4 rounded"
                  style={{ backgroundColor: WARNA[i % WARNA.length] }}
                />
                {l.nama}:{' '}
                <span className="font-semibold tabular-nums">
                  {l.titik[l.titik.length - 1]?.lengkap ?? 0}
                </span>{' '}
                lengkap
              </span>
            ))}
            <span className="text-neutral-600">
              dari {progres.total_peserta} peserta, per {progres.menit_per_titik} menit
            </span>
          </figcaption>
        </figure>
      )}
    </Card>
  );
}

function Plot({
  lines,
  start,
  end,
  top,
  label,
}: {
  lines: Progres['lini_waktu'];
  start: number;
  end: number;
  /** The highest count drawn. */
  top: number;
  label: string;
}) {
  const [box, W] = useWidth();
  const x = (ms: number) => PAD.left + ((ms - start) / Math.max(1, end - start)) * (W - PAD.left - PAD.right);
  const axis = ticks(top);
  const max = axis[axis.length - 1] ?? 1;
  const y = (n: number) => H - PAD.bottom - (n / max) * (H - PAD.top - PAD.bottom);
  return (
    <div ref={box} className="w-full">
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} className="block" role="img" aria-label={label}>
        {axis.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e5e5e5" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="12" fill="#404040">
              {v}
            </text>
          </g>
        ))}
        {clockTicks(start, end).map((t) => (
          <g key={t.at}>
            <line x1={x(t.at)} x2={x(t.at)} y1={H - PAD.bottom} y2={H - PAD.bottom + 4} stroke="#a3a3a3" />
            <text x={x(t.at)} y={H - 8} textAnchor="middle" fontSize="12" fill="#404040">
              {t.label}
            </text>
          </g>
        ))}
        {lines.map((l, i) => {
          const last = l.titik[l.titik.length - 1];
          return (
            <polyline
              key={l.pos}
              fill="none"
              stroke={WARNA[i % WARNA.length]}
              strokeWidth="2.5"
              strokeLinejoin="round"
              points={[
                `${x(start)},${y(0)}`,
                ...l.titik.map((t) => `${x(Date.parse(t.at))},${y(t.lengkap)}`),
                ...(last && end > Date.parse(last.at) ? [`${x(end)},${y(last.lengkap)}`] : []),
              ].join(' ')}
            />
          );
        })}
      </svg>
    </div>
  );
}
