import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { AREAS, TOOLKITS } from "./lib/areas.mjs";

/*
 * The folder-level import graph of lib/'s areas (docs/architecture.md, "The areas of lib/"),
 * computed from the sources: every import between two areas, by whether it runs down the order of
 * scripts/lib/areas.mjs and whether it reaches the other area's index.ts. It fails on an import
 * that runs up (or sideways), on one into another area's own files (platform's excepted: its
 * files are imported one by one), on a file in lib/ outside every area, and on a file importing
 * its own area's index.ts (a cycle through the barrel), and on a cycle of files, type imports
 * included (import/no-cycle in `npm run lint` passes over those). Tests beside
 * a file (*.test.ts) are the edge, like tests/: they may import any file. `npm run lint` enforces
 * the same order with import/no-restricted-paths; this script prints the graph it holds.
 */

export type AreaImport = { from: string; to: string; file: string; target: string };
export type Structure = { edges: Map<string, number>; problems: string[] };

const SOURCE = /\.(ts|tsx)$/;
const RESOLVE_AS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourcesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourcesUnder(path));
    else if (SOURCE.test(entry.name)) found.push(path);
  }
  return found;
}

function resolveImport(root: string, importer: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(importer), specifier);
  else return null;
  for (const suffix of RESOLVE_AS) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The area of a path under lib/ (its first folder), or null for a file directly in lib/. */
function areaOf(lib: string, file: string): { area: string | null; inside: string } {
  const parts = relative(lib, file).split(sep);
  return parts.length === 1 ? { area: null, inside: parts[0]! } : { area: parts[0]!, inside: parts.slice(1).join("/") };
}

/** The groups of files that import each other round in a loop (Tarjan's strongly connected components). */
function fileCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

export function checkStructure(root: string): Structure {
  const lib = join(root, "lib");
  const edges = new Map<string, number>();
  const problems: string[] = [];
  const graph = new Map<string, string[]>();
  const rank = new Map(AREAS.map((area, index) => [area, index]));
  for (const file of sourcesUnder(lib)) {
    const shown = relative(root, file);
    const { area } = areaOf(lib, file);
    if (area === null || !rank.has(area)) {
      problems.push(`${shown}: outside every area (scripts/lib/areas.mjs lists them)`);
      continue;
    }
    if (file.endsWith(".test.ts")) continue;
    const imports: string[] = [];
    graph.set(file, imports);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      const target = resolveImport(root, file, fileName);
      if (!target || !target.startsWith(lib + sep)) continue;
      imports.push(target);
      const to = areaOf(lib, target);
      const throughIndex = /^index\.tsx?$/.test(to.inside);
      if (to.area === area) {
        if (throughIndex) problems.push(`${shown}: imports its own area's index.ts ("${fileName}"); import the file itself`);
        continue;
      }
      const key = `${area} -> ${to.area ?? "lib/"}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
      if (to.area === null || !rank.has(to.area)) continue; // reported as outside every area
      if (rank.get(to.area)! >= rank.get(area)!) problems.push(`${shown}: upward import of ${to.area} ("${fileName}"): ${area} may import only ${AREAS.slice(0, rank.get(area)).join(", ") || "no area"}`);
      else if (!throughIndex && !TOOLKITS.includes(to.area)) problems.push(`${shown}: deep import into ${to.area} ("${fileName}"): import "lib/${to.area}" (its index.ts)`);
    }
  }
  for (const group of fileCycles(graph)) problems.push(`file cycle: ${group.map((file) => relative(root, file)).join(", ")} import each other in a loop`);
  return { edges, problems };
}

function main(): void {
  const root = resolve(process.argv[2] ?? ".");
  const { edges, problems } = checkStructure(root);
  console.log(`Areas, lowest first: ${AREAS.join(" < ")}`);
  for (const area of AREAS) {
    const out = [...edges].filter(([key]) => key.startsWith(`${area} -> `)).map(([key, count]) => `${key.slice(area.length + 4)} (${count})`);
    console.log(`  ${area.padEnd(11)} -> ${out.length ? out.join(", ") : "nothing"}`);
  }
  if (problems.length) {
    console.error(`\n${problems.length} import(s) break the order of the areas:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
