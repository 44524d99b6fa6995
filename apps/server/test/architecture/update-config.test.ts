import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../support/paths';

// Dependency updates come from renovate.json (docs/decisions/166): grouped, and with every version
// the package.json files hold back named there with its reason, so an update never undoes a hold
// nobody remembers and no hold outlives the package it was for.

interface PackageRule {
  description?: string | string[];
  matchPackageNames?: string[];
  matchDepNames?: string[];
  matchDepTypes?: string[];
  matchUpdateTypes?: string[];
  allowedVersions?: string;
  groupName?: string;
}

const config = JSON.parse(readFileSync(join(ROOT_DIR, 'renovate.json'), 'utf8')) as {
  packageRules: PackageRule[];
};

const MANIFESTS = ['package.json', 'packages/core', 'apps/server', 'apps/web', 'e2e'].map((at) =>
  at.endsWith('.json') ? at : `${at}/package.json`,
);
const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

/** Every dependency of every workspace: its name there, the range asked for, and where. */
const deps = MANIFESTS.flatMap((file) => {
  const manifest = JSON.parse(readFileSync(join(ROOT_DIR, file), 'utf8')) as Record<string, unknown>;
  return SECTIONS.flatMap((section) =>
    Object.entries((manifest[section] ?? {}) as Record<string, string>).map(([name, spec]) => {
      // An npm alias (better-sqlite3-napi → npm:better-sqlite3@^13) is that package at that range.
      const alias = /^npm:(@?[^@]+)@(.+)$/.exec(spec);
      return { name, pkg: alias?.[1] ?? name, spec: alias?.[2] ?? spec, where: `${file} ${section}` };
    }),
  );
});

/** A Renovate name pattern: the name itself, or a scope or prefix ending in `**`. */
const matches = (pattern: string, name: string) =>
  pattern.endsWith('**') ? name.startsWith(pattern.slice(0, -2)) : pattern === name;

const covers = (rule: PackageRule, dep: { name: string; pkg: string }) =>
  (rule.matchPackageNames ?? []).some((p) => matches(p, dep.pkg)) ||
  (rule.matchDepNames ?? []).some((p) => matches(p, dep.name));

const holds = config.packageRules.filter((rule) => rule.allowedVersions !== undefined);
const reasonOf = (rule: PackageRule) => [rule.description ?? ''].flat().join(' ');

describe('the dependency-update configuration', () => {
  it('groups the updates: production, development, types, lint and format, test tools, platform-native builds', () => {
    const groups = config.packageRules.map((rule) => rule.groupName);
    for (const group of [
      'production',
      'development',
      'types',
      'lint and format',
      'test tools',
      'platform-native builds',
    ]) {
      expect(groups, group).toContain(group);
    }
    // A major is never folded into a group: each is its own decision.
    for (const rule of config.packageRules.filter((r) => r.groupName && !r.allowedVersions)) {
      if (rule.matchUpdateTypes) expect(rule.matchUpdateTypes, rule.groupName).not.toContain('major');
    }
  });

  it('names every version a package.json pins, with its reason', () => {
    // Pinned: an exact version (2.5.15) or a line (5.9, 4.1), not a caret or tilde range.
    const pinned = deps.filter((dep) => /^\d+(\.\d+){0,2}$/.test(dep.spec));
    expect(pinned.length).toBeGreaterThan(0);
    for (const dep of pinned) {
      // A hold, or a rule of its own (a pin that is taken, but alone and on purpose).
      const rule = config.packageRules.find(
        (r) =>
          covers(r, dep) &&
          (r.allowedVersions !== undefined ||
            [...(r.matchPackageNames ?? []), ...(r.matchDepNames ?? [])].length === 1),
      );
      expect(
        rule,
        `${dep.name} ${dep.spec} (${dep.where}) is pinned but renovate.json does not say why`,
      ).toBeDefined();
      expect(reasonOf(rule as PackageRule).length, dep.name).toBeGreaterThan(40);
    }
  });

  it('holds what Node 20 needs held, and only that package: better-sqlite3 12 beside its Node-API 13', () => {
    const blocked = {
      'better-sqlite3': '13.0.0',
      vitest: '5.0.0',
      'react-router': '8.0.0',
      kysely: '0.29.0',
    };
    for (const [name, next] of Object.entries(blocked)) {
      const dep = deps.find((d) => d.name === name);
      expect(dep, name).toBeDefined();
      const rule = holds.find((r) => covers(r, dep as (typeof deps)[number]));
      expect(rule, `${name} is not held`).toBeDefined();
      expect(
        semver.satisfies(next, rule?.allowedVersions as string),
        `${name} ${next} would be offered`,
      ).toBe(false);
    }
    // The alias of better-sqlite3 13 is left free by the hold on 12.
    const napi = deps.find((d) => d.name === 'better-sqlite3-napi');
    expect(napi?.pkg).toBe('better-sqlite3');
    const napiHolds = holds.filter((r) => covers(r, napi as (typeof deps)[number]));
    expect(napiHolds.every((r) => semver.satisfies('13.9.0', r.allowedVersions as string))).toBe(true);
  });

  it('every hold names a package still used, gives its reason, and allows the version package.json asks for', () => {
    for (const rule of holds) {
      const held = deps.filter((dep) => covers(rule, dep));
      const names = [...(rule.matchPackageNames ?? []), ...(rule.matchDepNames ?? [])].join(', ');
      expect(held.length, `the hold on ${names} names no dependency any package.json has`).toBeGreaterThan(0);
      expect(reasonOf(rule), names).toMatch(/^Hold: .{40,}/);
      for (const dep of held) {
        expect(
          semver.intersects(dep.spec, rule.allowedVersions as string),
          `${dep.name} ${dep.spec} (${dep.where}) is outside its hold ${rule.allowedVersions}`,
        ).toBe(true);
      }
    }
  });

  it('names only packages some package.json has', () => {
    for (const rule of config.packageRules) {
      for (const pattern of [...(rule.matchPackageNames ?? []), ...(rule.matchDepNames ?? [])]) {
        expect(
          deps.some((dep) => matches(pattern, dep.pkg) || matches(pattern, dep.name)),
          `${pattern} in renovate.json`,
        ).toBe(true);
      }
    }
  });
});
