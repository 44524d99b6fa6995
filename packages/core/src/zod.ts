import { z } from 'zod';

// The app's pages run under a CSP without 'unsafe-eval' (DESIGN §8). zod would otherwise probe
// `new Function` when its first object schema is built: the probe fails quietly but the browser
// records a CSP violation (Lighthouse's best-practices lists it). In a browser zod parses without
// compiling; the server keeps its compiled parsers. Every schema of this package imports zod from
// here, so the setting is in place before the first schema is built (docs/decisions/059).
if ('document' in globalThis) z.config({ jitless: true });

export { z };
