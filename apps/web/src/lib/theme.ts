import { DEFAULT_WARNA } from './config';

function parseHex(color: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(color.trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of an sRGB colour. */
function luminanceOf(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = Math.round(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The brand colour darkened until it reads as small text on white (WCAG AA, 4.5:1): brand-dark
 * colours belt names and headings as well as pressed buttons (docs/decisions/058).
 */
function darkShade(rgb: readonly number[]): number[] {
  for (let f = 0.78; f > 0; f -= 0.02) {
    const shade = rgb.map((v) => v * f);
    if (1.05 / (luminanceOf(shade) + 0.05) >= 4.5) return shade;
  }
  return [0, 0, 0];
}

/** Paints the app in the organisation's colour (warna), keeping text on it readable. */
export function applyTheme(warna: string | null | undefined): void {
  const rgb = parseHex(warna || DEFAULT_WARNA) ?? (parseHex(DEFAULT_WARNA) as [number, number, number]);
  const luminance = luminanceOf(rgb);
  const root = document.documentElement.style;
  root.setProperty('--color-brand', toHex(rgb));
  root.setProperty('--color-brand-dark', toHex(darkShade(rgb)));
  // Dark text on light brand colours (orange), white on dark ones: whichever contrasts more.
  root.setProperty('--color-on-brand', luminance > 0.18 ? '#1f1300' : '#ffffff');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', toHex(rgb));
}
