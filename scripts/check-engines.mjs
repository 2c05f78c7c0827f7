// `node scripts/check-engines.mjs [DIR]`: every package installed under DIR (default: the repository)
// whose package.json declares `engines.node` must accept the running Node, the check npm's EBADENGINE
// warning makes (npm-install-checks: semver.satisfies with prereleases included). npm only warns, and
// only on install; this fails, so a dependency bump that needs a newer Node than ours cannot land
// unnoticed (issue 18: content-disposition 3 and cookie 2 want Node >= 22). Exit 1 lists each package.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/** The package folders inside one `node_modules` folder, scoped ones (`@scope/name`) included. */
function packageDirs(nodeModules) {
  const dirs = [];
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    // `.bin`, `.package-lock.json`, `.vite`, … are npm's and tools' own files, not packages.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(nodeModules, entry.name);
    if (entry.name.startsWith('@') && entry.isDirectory()) {
      for (const scoped of readdirSync(full, { withFileTypes: true })) {
        // Symlinks are the workspaces (`@atelier/*`): their own folders are walked from the root.
        if (scoped.isDirectory()) dirs.push(path.join(full, scoped.name));
      }
    } else if (entry.isDirectory()) {
      dirs.push(full);
    }
  }
  return dirs;
}

/** Every installed package under `nodeModules`, nested `node_modules` folders included. */
function* installedPackages(nodeModules) {
  if (!existsSync(nodeModules)) return;
  for (const dir of packageDirs(nodeModules)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) yield { dir, pkg: JSON.parse(readFileSync(manifest, 'utf8')) };
    yield* installedPackages(path.join(dir, 'node_modules'));
  }
}

/**
 * The `node_modules` folders of the repository at `root`: its own and each workspace's (npm keeps a
 * workspace's copy there when the hoisted one has another version).
 */
function nodeModulesOf(root) {
  const folders = [path.join(root, 'node_modules')];
  const manifest = path.join(root, 'package.json');
  const workspaces = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')).workspaces ?? [])
    : [];
  for (const workspace of workspaces) folders.push(path.join(root, workspace, 'node_modules'));
  return folders;
}

/**
 * The installed packages under `root` whose `engines.node` the Node `version` does not satisfy, and how
 * many packages were looked at.
 */
export function engineMismatches(root, version = process.version) {
  const mismatches = [];
  let checked = 0;
  for (const folder of nodeModulesOf(root)) {
    for (const { dir, pkg } of installedPackages(folder)) {
      checked += 1;
      const range = pkg.engines?.node;
      if (typeof range !== 'string') continue;
      if (!semver.satisfies(version, range, { includePrerelease: true })) {
        mismatches.push({ name: pkg.name, version: pkg.version, range, where: path.relative(root, dir) });
      }
    }
  }
  return { checked, mismatches };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  const { checked, mismatches } = engineMismatches(root);
  if (mismatches.length > 0) {
    console.error(`${mismatches.length} installed package(s) do not support Node ${process.version}:`);
    for (const m of mismatches) console.error(`  ${m.name}@${m.version} needs node ${m.range} (${m.where})`);
    process.exit(1);
  }
  console.log(`${checked} installed packages checked: all support Node ${process.version}.`);
}
