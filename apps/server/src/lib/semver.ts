// Semantic Versioning 2.0.0 precedence (semver.org §11), for the app's own versions
// (lib/app-version.ts): a restore refuses an archive from a newer app (docs/decisions/124).

const VERSION =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);

/** Two pre-release identifiers: numbers by value and below words, words in ASCII order. */
function compareIdentifier(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return sign(Number(BigInt(a) - BigInt(b)));
  if (an !== bn) return an ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders two versions: -1 when `a` is older than `b`, 0 when of equal precedence (build metadata
 * does not count), 1 when newer; null when either is not a semantic version.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 | null {
  const x = VERSION.exec(String(a).trim());
  const y = VERSION.exec(String(b).trim());
  if (!x || !y) return null;
  for (let i = 1; i <= 3; i++) {
    const d = BigInt(x[i] as string) - BigInt(y[i] as string);
    if (d !== 0n) return d > 0n ? 1 : -1;
  }
  const [pa, pb] = [x[4], y[4]];
  // A pre-release comes before its release: 1.0.0-rc.1 < 1.0.0.
  if (pa === undefined || pb === undefined) return pa === pb ? 0 : pa === undefined ? 1 : -1;
  const ia = pa.split('.');
  const ib = pb.split('.');
  for (let i = 0; i < Math.min(ia.length, ib.length); i++) {
    const c = compareIdentifier(ia[i] as string, ib[i] as string);
    if (c !== 0) return c as -1 | 1;
  }
  return sign(ia.length - ib.length) as -1 | 0 | 1;
}
