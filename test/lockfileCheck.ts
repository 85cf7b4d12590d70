// Reads npm's lockfile (v3) the way npm resolves packages: a dependency of the package at
// `a/node_modules/b` is looked up in `a/node_modules/b/node_modules`, then each ancestor's.

export interface LockEntry {
  version?: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/** The lockfile key a package named `name` resolves to from the package at `from`, if any. */
export function resolveFrom(lock: Lockfile, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

export interface MissingOptional {
  parent: string;
  name: string;
}

/** Optional dependencies (the per-platform native builds) that the lockfile does not record. */
export function findMissingOptionals(lock: Lockfile): MissingOptional[] {
  const missing: MissingOptional[] = [];
  for (const [parent, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolveFrom(lock, parent, name)) missing.push({ parent, name });
    }
  }
  return missing;
}

/** The operating systems the optional dependencies of `parent` are built for. */
export function platformsOf(lock: Lockfile, parent: string): string[] {
  const os = new Set<string>();
  for (const name of Object.keys(lock.packages[parent]?.optionalDependencies ?? {})) {
    const key = resolveFrom(lock, parent, name);
    for (const value of (key && lock.packages[key]?.os) || []) os.add(value);
  }
  return [...os].sort();
}
