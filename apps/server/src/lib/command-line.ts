import { parseArgs } from 'node:util';

// How `npm run ukt` and `npm run venue` read what was typed: the words, and the flags their usage
// lines name (docs/decisions/171). A flag written `--name VALUE` in a usage line takes a value and
// may be given more than once; a switch stands alone.

/** The flags a usage line names with a value after them (`--sertifikat FILE` gives `sertifikat`). */
export function valueFlagsOf(usage: string): string[] {
  return [...usage.matchAll(/--([\w-]+)(?= [A-Z])/g)].map((m) => m[1] as string);
}

/** What was typed: the words in order, and each flag's values. */
export interface CommandLine {
  positionals: string[];
  /** A flag's value (the last one when it was given more than once). */
  flag: (name: string) => string | undefined;
  /** Every value of a flag that may be given more than once (`--admin A --admin B`). */
  flags: (name: string) => string[];
  /** Whether a switch (or a flag) was given. */
  has: (name: string) => boolean;
}

/**
 * Reads `args` with the flags that take a value and the switches. `strict`: an unknown flag, or a
 * flag without its value, throws node's message; otherwise it is kept as given.
 */
export function readCommandLine(
  args: string[],
  known: { values: Iterable<string>; switches: Iterable<string>; strict: boolean },
): CommandLine {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: known.strict,
    options: {
      ...Object.fromEntries(
        [...known.values].map((name) => [name, { type: 'string' as const, multiple: true }]),
      ),
      ...Object.fromEntries([...known.switches].map((name) => [name, { type: 'boolean' as const }])),
    },
  });
  const all = (name: string) => flagValues(values[name]);
  return {
    positionals,
    flag: (name) => all(name).at(-1),
    flags: all,
    has: (name) => values[name] !== undefined,
  };
}

/** Every value a flag was given, in order ('' for one given without a value). */
function flagValues(value: string | boolean | (string | boolean)[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => (v === true ? '' : String(v)));
}
