import type { Progres } from '@ukt/core';
import { Card } from '../../../../components/ui/card';

// One colour per post, each at least 3:1 on white (WCAG's non-text contrast), told apart by the legend too.
const WARNA = ['#1d4ed8', '#b91c1c', '#047857', '#7e22ce'];
const W = 720;
const H = 220;
const PAD = { left: 40, right: 16, top: 12, bottom: 28 };

const jam = (ms: number) =>
  new Date(ms).toLocaleTimeString('id-ID', { hour: '2-digit', minute: '2-digit' }).replace('.', ':');

/** The count axis: five whole-number ticks from 0 up to at least the highest count (so early lines are not flat). */
function ticks(highest: number): number[] {
  const step = Math.max(1, Math.ceil(highest / 4));
  return [0, 1, 2, 3, 4].map((i) => i * step);
}

/**
 * Per post, how many participants were complete at it over time (docs/decisions/106): a line per
 * post, cumulative, one point per interval (15 minutes, longer for an event of several days),
 * drawn as plain SVG; the figure's caption says the latest count of every post in words.
 */
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
            end={last}
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
  const x = (ms: number) => PAD.left + ((ms - start) / Math.max(1, end - start)) * (W - PAD.left - PAD.right);
  const axis = ticks(top);
  const max = axis[axis.length - 1] ?? 1;
  const y = (n: number) => H - PAD.bottom - (n / max) * (H - PAD.top - PAD.bottom);
  // About six time labels whatever the span.
  const every = Math.max(1, Math.round((end - start) / 6 / 900_000)) * 900_000;
  const times: number[] = [];
  for (let t = start; t <= end; t += every) times.push(t);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-3xl" role="img" aria-label={label}>
      {axis.map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e5e5e5" />
          <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="#404040">
            {v}
          </text>
        </g>
      ))}
      {times.map((t) => (
        <text key={t} x={x(t)} y={H - 8} textAnchor="middle" fontSize="11" fill="#404040">
          {jam(t)}
        </text>
      ))}
      {lines.map((l, i) => (
        <polyline
          key={l.pos}
          fill="none"
          stroke={WARNA[i % WARNA.length]}
          strokeWidth="2.5"
          strokeLinejoin="round"
          points={[
            `${x(start)},${y(0)}`,
            ...l.titik.map((t) => `${x(Date.parse(t.at))},${y(t.lengkap)}`),
          ].join(' ')}
        />
      ))}
    </svg>
  );
}
